import type { ReactNode } from 'react';
import { Button as AriaButton, Cell, Row } from 'react-aria-components';
import { Checkbox } from './Checkbox.tsx';
import { ChevronDownIcon, ChevronRightIcon } from './icons.tsx';

/** Keys of the detail rows under expanded rows; they are never selectable. */
export const DETAIL_KEY_PREFIX = 'detail:';

export type RowParts<T> = {
  columns: readonly { id: string; render: (row: T) => ReactNode }[];
  rowId: (row: T) => string;
  rowLabel: (row: T) => string;
  selectable: boolean;
  renderDetail: ((row: T) => ReactNode) | undefined;
  expanded: ReadonlySet<string>;
  toggleExpanded: (id: string) => void;
  columnCount: number;
};

/**
 * The rows of one page, each followed by its detail row when expanded. A plain function rather than a
 * component: react-aria builds its collection from the Row elements themselves.
 */
export function dataTableRows<T>(rows: readonly T[], parts: RowParts<T>): ReactNode[] {
  const { columns, rowId, rowLabel, selectable, renderDetail, expanded, toggleExpanded, columnCount } = parts;
  return rows.flatMap((row) => {
    const id = rowId(row);
    const isOpen = expanded.has(id);
    const main = (
      <Row key={id} id={id} className="data-table__row">
        {selectable && (
          <Cell className="data-table__cell">
            <Checkbox slot="selection" />
          </Cell>
        )}
        {renderDetail && (
          <Cell className="data-table__cell">
            <AriaButton
              className="icon-button"
              aria-label={`Details of ${rowLabel(row)}`}
              aria-expanded={isOpen}
              onPress={() => toggleExpanded(id)}
            >
              {isOpen ? <ChevronDownIcon /> : <ChevronRightIcon />}
            </AriaButton>
          </Cell>
        )}
        {columns.map((column) => (
          <Cell key={column.id} className="data-table__cell">
            {column.render(row)}
          </Cell>
        ))}
      </Row>
    );
    if (!isOpen || !renderDetail) return [main];
    return [
      main,
      <Row key={DETAIL_KEY_PREFIX + id} id={DETAIL_KEY_PREFIX + id} className="data-table__detail-row">
        <Cell colSpan={columnCount} className="data-table__detail">
          {renderDetail(row)}
        </Cell>
      </Row>,
    ];
  });
}
