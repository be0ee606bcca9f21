import { describe, expect, it } from 'vitest';
import { firstClinic, groupOptions } from './optionGroups.ts';

describe('groupOptions', () => {
  it('groups by clinic, sorted, with the records without a clinic last', () => {
    const groups = groupOptions(
      [
        { id: '1', label: 'Zoe Ash (GP-3)', group: 'Riverside' },
        { id: '2', label: 'Ada Lee (GP-1)', group: '' },
        { id: '3', label: 'Bo Ek (GP-2)', group: 'Riverside' },
        { id: '4', label: 'Cy Oak (GP-4)', group: 'Open Motion' },
      ],
      'No clinic',
    );
    expect(groups.map((g) => [g.label, g.options.map((o) => o.id)])).toEqual([
      ['Open Motion', ['4']],
      ['Riverside', ['3', '1']],
      ['No clinic', ['2']],
    ]);
    expect(new Set(groups.map((g) => g.id)).size).toBe(3);
  });
});

describe('firstClinic', () => {
  it('takes the first clinic of a list, none for an empty one', () => {
    expect(firstClinic("St Anne's, Riverside")).toBe("St Anne's");
    expect(firstClinic('')).toBe('');
  });
});
