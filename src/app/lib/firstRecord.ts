/** Single-record calls answer with a one-element list (docs/spec.md §7: patients[0], clinics[0], ...). */
export function firstRecord<T>(records: readonly T[], what: string): T {
  const [first] = records;
  if (first === undefined) throw new Error(`The server returned no ${what}.`);
  return first;
}
