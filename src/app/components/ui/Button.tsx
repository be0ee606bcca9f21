import { memo } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export type ButtonProps = Omit<AriaButtonProps, 'className'> & { variant?: ButtonVariant };

/**
 * Memoised: react-aria's press, hover and focus hooks cost a little per render, and a screen that re-renders on every
 * filter change (100,000 sessions) should not pay for buttons whose props did not change.
 */
export const Button = memo(function Button({ variant = 'primary', ...props }: ButtonProps) {
  return <AriaButton {...props} className={`button button--${variant}`} />;
});
