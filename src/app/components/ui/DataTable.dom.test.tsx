import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable.tsx';
import type { DataColumn } from './dataColumn.ts';

type Person = { id: string; name: string; archived: boolean };

/** 30 people: more than one page (25), the third of them archived and so not selectable. */
const people: Person[] = Array.from({ length: 30 }, (_, i) => ({
  id: `p${String(i + 1)}`,
  name: `Person ${String(i + 1)}`,
  archived: i % 3 === 2,
}));
const columns: DataColumn<Person>[] = [{ id: 'name', name: 'Name', render: (p) => p.name, isRowHeader: true }];

/** The table as a screen holds it: the chosen ids live in the screen, the table only reports changes. */
function Screen({ onChosen }: { onChosen: (ids: ReadonlySet<string>) => void }) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={people}
      rowId={(p) => p.id}
      rowLabel={(p) => p.name}
      emptyText="No people"
      selection={{
        selectedIds,
        onChange: (ids) => {
          onChosen(ids);
          setSelectedIds(ids);
        },
        isSelectable: (p) => !p.archived,
      }}
    />
  );
}

function setup() {
  const chosen = { current: new Set<string>() as ReadonlySet<string> };
  render(<Screen onChosen={(ids) => (chosen.current = ids)} />);
  const table = within(screen.getByRole('table', { name: 'People' }));
  return { chosen, table, user: userEvent.setup() };
}

describe('DataTable selection', () => {
  it('chooses one row by its checkbox, and a row that is not selectable cannot be chosen', async () => {
    const { chosen, table, user } = setup();
    await user.click(table.getByRole('checkbox', { name: 'Select Person 1' }));
    expect([...chosen.current]).toEqual(['p1']);
    expect(table.getByRole('checkbox', { name: 'Select Person 1' })).toHaveProperty('checked', true);
    expect(table.getByRole('checkbox', { name: 'Select Person 3' })).toHaveProperty('disabled', true);
  });

  it("'all' chooses every selectable row of this page only, and shows some-but-not-all as mixed", async () => {
    const { chosen, table, user } = setup();
    const all = table.getByRole('checkbox', { name: 'Select all rows of this page' });
    await user.click(table.getByRole('checkbox', { name: 'Select Person 2' }));
    expect(all).toHaveProperty('indeterminate', true);
    await user.click(all);
    const firstPageSelectable = people.slice(0, 25).filter((p) => !p.archived);
    expect([...chosen.current].sort()).toEqual(firstPageSelectable.map((p) => p.id).sort());
    expect(chosen.current.has('p3')).toBe(false);
    expect(chosen.current.has('p26')).toBe(false);
    expect(all).toHaveProperty('checked', true);
    expect(all).toHaveProperty('indeterminate', false);
  });

  it('keeps the choices of another page when this page is chosen or cleared', async () => {
    const { chosen, table, user } = setup();
    await user.click(table.getByRole('checkbox', { name: 'Select Person 1' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(table.getByRole('checkbox', { name: 'Select Person 26' }));
    const all = table.getByRole('checkbox', { name: 'Select all rows of this page' });
    await user.click(all);
    await user.click(all);
    expect([...chosen.current]).toEqual(['p1']);
  });
});
