import { describe, expect, it } from 'vitest';
import type { TreeOption } from './options.ts';
import { applyTreeSelection, filterTree, indexTree, leafIds, shownSelection } from './treeSelection.ts';

const tree: TreeOption[] = [
  {
    id: 'G',
    label: 'Diseases of the nervous system',
    children: [
      { id: 'G20', label: 'Parkinson disease' },
      { id: 'G35', label: 'Multiple sclerosis' },
    ],
  },
  { id: 'M', label: 'Musculoskeletal', children: [{ id: 'M16', label: 'Coxarthrosis' }] },
  { id: 'Z', label: 'Lonely leaf' },
];
const index = indexTree(tree);

describe('tree selection', () => {
  it('lists the leaves in display order', () => {
    expect(leafIds(tree)).toEqual(['G20', 'G35', 'M16', 'Z']);
  });

  it('shows a branch ticked only when all its leaves are chosen', () => {
    expect([...shownSelection(tree, new Set(['G20']))]).toEqual(['G20']);
    expect(shownSelection(tree, new Set(['G20', 'G35'])).has('G')).toBe(true);
  });

  it('ticking a branch chooses its leaves; unticking it drops them', () => {
    const chosen = applyTreeSelection(index, new Set(['Z']), new Set(['Z']), new Set(['Z', 'G']));
    expect([...chosen].sort()).toEqual(['G20', 'G35', 'Z']);
    const shown = shownSelection(tree, chosen);
    const after = new Set(shown);
    after.delete('G');
    expect([...applyTreeSelection(index, chosen, shown, after)]).toEqual(['Z']);
  });

  it('ticking a leaf changes only that leaf', () => {
    expect([...applyTreeSelection(index, new Set(), new Set(), new Set(['G35']))]).toEqual(['G35']);
  });
});

describe('filterTree', () => {
  it('keeps matches with their ancestors, and a matching branch whole', () => {
    expect(filterTree(tree, 'sclerosis')).toEqual([
      { id: 'G', label: 'Diseases of the nervous system', children: [{ id: 'G35', label: 'Multiple sclerosis' }] },
    ]);
    expect(filterTree(tree, 'musculo')).toEqual([tree[1]]);
    expect(filterTree(tree, 'g20')).toHaveLength(1);
    expect(filterTree(tree, '  ')).toEqual(tree);
  });
});
