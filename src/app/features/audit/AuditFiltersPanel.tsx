import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditOutcomeName } from '#shared/audit/auditActions';
import { Button } from '#app/components/ui/Button';
import { DateField } from '#app/components/ui/DateField';
import { FiltersDisclosure } from '#app/components/ui/FiltersDisclosure';
import type { Option } from '#app/components/ui/options';
import { SearchField } from '#app/components/ui/SearchField';
import { Select } from '#app/components/ui/Select';
import { activeAuditFilterCount, NO_AUDIT_FILTERS, type AuditFilters } from './auditFilters.ts';

const ANY = 'any';
const ACTION_OPTIONS: Option[] = [
  { id: ANY, label: 'Any action' },
  ...Object.entries(AUDIT_ACTIONS).map(([id, label]) => ({ id, label })),
];
const OUTCOME_OPTIONS: Option[] = [
  { id: ANY, label: 'Any outcome' },
  ...Object.entries(AUDIT_OUTCOMES).map(([id, label]) => ({ id, label })),
];

const isOutcome = (id: string): id is AuditOutcomeName => Object.hasOwn(AUDIT_OUTCOMES, id);

export type AuditFiltersPanelProps = { filters: AuditFilters; onChange: (filters: AuditFilters) => void };

/** Who, about which patient, what, how it ended and when: the server filters the whole trail by these. */
export function AuditFiltersPanel({ filters, onChange }: AuditFiltersPanelProps) {
  const set = (change: Partial<AuditFilters>) => onChange({ ...filters, ...change });
  const count = activeAuditFilterCount(filters);
  return (
    <FiltersDisclosure activeCount={count} defaultExpanded>
      <div className="form-row audit-filters">
        <SearchField
          label="Person"
          placeholder="Name, username or ID"
          value={filters.person}
          onChange={(person) => set({ person })}
        />
        <SearchField
          label="Patient"
          placeholder="Name, patient ID or ID"
          value={filters.patient}
          onChange={(patient) => set({ patient })}
        />
        <Select
          label="Action"
          options={ACTION_OPTIONS}
          value={filters.action ?? ANY}
          onChange={(id) => set({ action: id === null || id === ANY ? null : id })}
        />
        <Select
          label="Outcome"
          options={OUTCOME_OPTIONS}
          value={filters.outcome ?? ANY}
          onChange={(id) => set({ outcome: id !== null && isOutcome(id) ? id : null })}
        />
        <DateField label="From" value={filters.from} onChange={(from) => set({ from })} />
        <DateField label="To" value={filters.to} onChange={(to) => set({ to })} />
      </div>
      {count > 0 && (
        <Button variant="secondary" onPress={() => onChange(NO_AUDIT_FILTERS)}>
          Clear Filters
        </Button>
      )}
    </FiltersDisclosure>
  );
}
