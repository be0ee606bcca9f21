import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import type { ButtonVariant } from './Button.tsx';

export type ButtonLinkProps = Omit<AriaLinkProps, 'className'> & { variant?: ButtonVariant };

/** Navigation that looks like a button but stays a link (open in new tab, announced as a link). */
export function ButtonLink({ variant = 'secondary', ...props }: ButtonLinkProps) {
  return <AriaLink {...props} className={`button button--${variant}`} />;
}
