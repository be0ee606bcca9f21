import { parseTime, type Time } from '@internationalized/date';
import {
  DateInput,
  DateSegment,
  TimeField as AriaTimeField,
  type TimeFieldProps as AriaTimeFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel } from './FieldParts.tsx';

export type TimeFieldProps = Omit<AriaTimeFieldProps<Time>, 'className' | 'children' | 'value' | 'onChange'> & {
  label: string;
  /** 'HH:mm' (24-hour) or null while incomplete. */
  value: string | null;
  onChange: (time: string | null) => void;
  description?: string;
};

function toTime(value: string | null): Time | null {
  if (!value) return null;
  try {
    return parseTime(value);
  } catch {
    return null;
  }
}

/** Typed hour and minute segments on a 24-hour clock, as the app shows times (docs/spec.md §9: DD/MM/YYYY HH:mm). */
export function TimeField({ label, value, onChange, description, ...props }: TimeFieldProps) {
  return (
    <AriaTimeField
      {...props}
      hourCycle={24}
      value={toTime(value)}
      onChange={(time) => onChange(time ? time.toString().slice(0, 5) : null)}
      className="field"
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <DateInput className="field__input date-field__input">
        {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
      </DateInput>
      <FieldHelp description={description} />
    </AriaTimeField>
  );
}
