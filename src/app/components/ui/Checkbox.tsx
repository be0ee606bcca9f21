import { memo, type ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { CheckIcon, MinusIcon } from './icons.tsx';

export type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'children'> & {
  /** Visible label; leave out only where the context names the box (a table's selection column). */
  children?: ReactNode;
};

/** A 44px-tall checkbox whose whole label is the touch target; memoised like Button. */
export const Checkbox = memo(function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className="checkbox">
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className="checkbox__box" aria-hidden="true">
            {isIndeterminate ? <MinusIcon size={18} /> : isSelected ? <CheckIcon size={18} /> : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
});
