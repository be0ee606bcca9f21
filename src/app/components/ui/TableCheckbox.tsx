import type { ChangeEvent, ReactNode } from 'react';

export type TableCheckboxProps = {
  label: string;
  checked: boolean;
  /** Some but not all rows of the page chosen (the header's box). */
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  /** Visible words beside the box; the row's checkboxes have none (the row names them). */
  children?: ReactNode;
};

/**
 * A native checkbox in a 44px touch target. Tables hold 25 of them per page (and more once rows are virtualised), so
 * a plain input keeps each row cheap; the label names the row for screen readers.
 */
export function TableCheckbox(props: TableCheckboxProps) {
  const { label, checked, indeterminate = false, disabled, onChange, children } = props;
  return (
    <label className="table-check">
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        ref={(input) => {
          if (input) input.indeterminate = indeterminate;
        }}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}
