// A dependency of react-aria-components (same version); the date value type its DateField works with.
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  DateField as AriaDateField,
  I18nProvider,
  type DateFieldProps as AriaDateFieldProps,
} from 'react-aria-components';
import { defaultUnits, type DateOrder } from '#shared/units';
import { parsedOrNull, SegmentedFieldParts } from './SegmentedFieldParts.tsx';

export type DateFieldProps = Omit<AriaDateFieldProps<CalendarDate>, 'className' | 'children' | 'value' | 'onChange'> & {
  label: string;
  /** ISO date (YYYY-MM-DD) or null while incomplete. */
  value: string | null;
  onChange: (isoDate: string | null) => void;
  /** Defaults to the browser's: month-first for en-US, day-first everywhere else (docs/spec.md §5). */
  dateOrder?: DateOrder;
  description?: string;
};

const toCalendarDate = (iso: string | null): CalendarDate | null =>
  parsedOrNull(iso, (text) => parseDate(text.slice(0, 10)));

/** Typed day, month and year segments; no calendar pop-up, which is slow for dates of birth. */
export function DateField({ label, value, onChange, dateOrder, description, ...props }: DateFieldProps) {
  const order = dateOrder ?? defaultUnits(typeof navigator === 'undefined' ? undefined : navigator.language).dateOrder;
  // The segment order comes from the locale: en-US is MM/DD/YYYY and en-GB DD/MM/YYYY, the specification's (docs/spec.md) two orders.
  return (
    <I18nProvider locale={order === 'month-first' ? 'en-US' : 'en-GB'}>
      <AriaDateField
        {...props}
        value={toCalendarDate(value)}
        onChange={(date) => onChange(date ? date.toString() : null)}
        className="field"
      >
        <SegmentedFieldParts label={label} isRequired={props.isRequired} description={description} />
      </AriaDateField>
    </I18nProvider>
  );
}
