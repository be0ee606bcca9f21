import { parseTime, type Time } from '@internationalized/date';
import { TimeField as AriaTimeField, type TimeFieldProps as AriaTimeFieldProps } from 'react-aria-components';
import { parsedOrNull, SegmentedFieldParts } from './SegmentedFieldParts.tsx';

export type TimeFieldProps = Omit<AriaTimeFieldProps<Time>, 'className' | 'children' | 'value' | 'onChange'> & {
  label: string;
  /** 'HH:mm' (24-hour) or null while incomplete. */
  value: string | null;
  onChange: (time: string | null) => void;
  description?: string;
};

const toTime = (value: string | null): Time | null => parsedOrNull(value, parseTime);

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
      <SegmentedFieldParts label={label} isRequired={props.isRequired} description={description} />
    </AriaTimeField>
  );
}
