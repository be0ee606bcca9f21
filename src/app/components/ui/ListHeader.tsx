import type { ReactNode } from 'react';
import { SearchField } from './SearchField.tsx';

export type ListHeaderProps = {
  title: string;
  search: string;
  onSearchChange: (search: string) => void;
  /** The screen's actions, e.g. its Add button. */
  children?: ReactNode;
};

/** The title row of a list screen (docs/spec.md §2 browsers: title, search, add). */
export function ListHeader({ title, search, onSearchChange, children }: ListHeaderProps) {
  return (
    <div className="list-header">
      <h1>{title}</h1>
      <SearchField
        label={`Search ${title.toLowerCase()}`}
        isLabelHidden
        placeholder="Search"
        value={search}
        onChange={onSearchChange}
      />
      {children}
    </div>
  );
}
