import type { Option } from './options.ts';

/** A choice of a GroupedComboBox: its group (a clinic) and a second line that tells namesakes apart. */
export type GroupedOption = Option & { group: string; detail?: string };

export type OptionGroup = { id: string; label: string; options: GroupedOption[] };

/** Past this many entries the open list draws only the rows in view (react-aria's Virtualizer). */
export const VIRTUALISE_AFTER = 300;

/**
 * The options in groups named by `group`, each sorted by label, the groups by name with the nameless one
 * (`ungrouped`, e.g. 'No clinic') last.
 */
export function groupOptions(options: readonly GroupedOption[], ungrouped: string): OptionGroup[] {
  const groups = new Map<string, GroupedOption[]>();
  for (const option of options) {
    const members = groups.get(option.group) ?? [];
    members.push(option);
    groups.set(option.group, members);
  }
  return [...groups]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([group, members]) => ({
      id: `group:${group}`,
      label: group || ungrouped,
      options: members.sort((a, b) => a.label.localeCompare(b.label)),
    }));
}

/** The first of a record's comma-separated clinics ('' for none): a record sits in one group of a picker. */
export const firstClinic = (clinicNames: string): string => clinicNames.split(',')[0]?.trim() ?? '';
