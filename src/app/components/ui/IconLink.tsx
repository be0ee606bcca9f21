import type { ReactNode } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';

/** An icon-only link (open the skeleton viewer; with `download`, save a file); the label is required, as for IconButton. */
export type IconLinkProps = Omit<AriaLinkProps, 'className' | 'children'> & {
  'aria-label': string;
  children: ReactNode;
};

export function IconLink(props: IconLinkProps) {
  return <AriaLink {...props} className="icon-button" />;
}
