import type { ReactNode } from 'react';

/** One column of a DataTable: its own file, so the table and its header and row pieces share it without a circle. */
export type DataColumn<T> = {
  id: string;
  name: string;
  render: (row: T) => ReactNode;
  allowsSorting?: boolean;
  /** Row headers name the row for screen readers (e.g. forename and surname); on phones they head the card. */
  isRowHeader?: boolean;
  /** 'actions': the row's labelled buttons, kept together; its header is for screen readers only. */
  kind?: 'actions';
  /** How many buttons an actions column holds at most; its track is as wide as they are side by side. */
  actionCount?: number;
};
