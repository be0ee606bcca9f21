import type { ReactNode } from 'react';

/** Widths from docs/spec.md §9: 400px for the choose-login card, 1000px for most, 1200px for lists. */
type CardWidth = 'narrow' | 'regular' | 'wide';

export type CardProps = {
  width?: CardWidth;
  children: ReactNode;
  /** A screen's own layout class. */ className?: string;
};

export function Card({ width = 'regular', children, className }: CardProps) {
  return (
    // A plain div: the page's <main> is the landmark; a region per card would only add noise.
    <div className={`card card--${width}${className ? ` ${className}` : ''}`}>{children}</div>
  );
}
