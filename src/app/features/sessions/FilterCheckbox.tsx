import { memo, type ChangeEvent, type ReactNode } from 'react';
import { CheckIcon } from '#app/components/ui/icons';

export type FilterCheckboxProps = {
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  /** The visible label, which names the box. */
  children: ReactNode;
};

const CHECK = <CheckIcon size={18} />;

/**
 * A filter's checkbox as a native input inside its label, drawn like the app's other checkboxes. A click on one of the
 * session filters re-filters 100,000 sessions within the frame, so the box itself does no more than the browser's
 * own: no press, hover and validation state kept in JavaScript, and the label's click focuses and toggles the input
 * natively. Same semantics as react-aria's checkbox: a checkbox role named by its label, Space toggles it.
 */
export const FilterCheckbox = memo(function FilterCheckbox({ isSelected, onChange, children }: FilterCheckboxProps) {
  return (
    <label className="checkbox filter-checkbox" data-selected={isSelected || undefined}>
      <input
        type="checkbox"
        className="filter-checkbox__input"
        checked={isSelected}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
      />
      <span className="checkbox__box" aria-hidden="true">
        {isSelected ? CHECK : null}
      </span>
      {children}
    </label>
  );
});
