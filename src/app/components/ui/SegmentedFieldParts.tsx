import { DateInput, DateSegment } from 'react-aria-components';
import { FieldHelp, FieldLabel } from './FieldParts.tsx';

/**
 * The inside of a field typed in segments (DateField's day, month and year; TimeField's hour and minute): label,
 * the segments react-aria's date or time field gives it, and the help under them.
 */
export function SegmentedFieldParts({
  label,
  isRequired,
  description,
}: {
  label: string;
  isRequired?: boolean | undefined;
  description?: string | undefined;
}) {
  return (
    <>
      <FieldLabel label={label} isRequired={isRequired} />
      <DateInput className="field__input date-field__input">
        {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
      </DateInput>
      <FieldHelp description={description} />
    </>
  );
}

/** A stored value as the field's own type, or null when empty or not valid (the field then shows empty segments). */
export function parsedOrNull<T>(value: string | null, parse: (text: string) => T): T | null {
  if (!value) return null;
  try {
    return parse(value);
  } catch {
    return null;
  }
}
