import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';

export type ProgressBarProps = {
  label: string;
  /** 0 to 100; undefined while the total is not known yet (an indeterminate bar). */
  value: number | undefined;
  /** Replaces the percentage, e.g. '3 of 7 files'. */
  valueText?: string;
};

/** A labelled progress bar (uploads, zip building), announced as a progressbar with its value. */
export function ProgressBar({ label, value, valueText }: ProgressBarProps) {
  return (
    <AriaProgressBar
      value={value ?? 0}
      isIndeterminate={value === undefined}
      valueLabel={valueText}
      className="progress"
    >
      {({ percentage, valueText: shown }) => (
        <>
          <div className="progress__header">
            <Label className="field__label">{label}</Label>
            <span className="progress__value">{shown}</span>
          </div>
          <div className="progress__track">
            <div
              className="progress__fill"
              style={{ width: `${String(value === undefined ? 100 : (percentage ?? 0))}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
