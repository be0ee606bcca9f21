import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export type ButtonProps = Omit<AriaButtonProps, 'className'> & { variant?: ButtonVariant };

export function Button({ variant = 'primary', ...props }: ButtonProps) {
  return <AriaButton {...props} className={`button button--${variant}`} />;
}
