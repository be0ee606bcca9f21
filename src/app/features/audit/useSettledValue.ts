import { useEffect, useState } from 'react';

/** The value once it has held still for `ms`: a search box asks the server when the typing pauses, not per key. */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
