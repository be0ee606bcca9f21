import { memo, type ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

/** An icon-only button: the label is required because the icon says nothing to a screen reader. */
export type IconButtonProps = Omit<AriaButtonProps, 'className' | 'children'> & {
  'aria-label': string;
  children: ReactNode;
};

/** Memoised like Button: a pager's four buttons need not render again while its page stays the same. */
export const IconButton = memo(function IconButton(props: IconButtonProps) {
  return <AriaButton {...props} className="icon-button" />;
});
