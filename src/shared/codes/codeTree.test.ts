import { describe, expect, it } from 'vitest';
import type { CodeTreeNode } from './codeTree.ts';
import { codeLabel, treeLeaves } from './codeTree.ts';

const tree: CodeTreeNode[] = [
  {
    id: 'VI',
    label: 'Diseases of the nervous system',
    children: [
      { id: 'G20', label: 'Parkinson disease' },
      { id: 'G80-G83', label: 'Cerebral palsy', children: [{ id: 'G80.1', label: 'Spastic diplegic cerebral palsy' }] },
    ],
  },
  { id: 'R26.2', label: 'Difficulty in walking' },
];

describe('treeLeaves', () => {
  it('lists only the codes, depth first in display order', () => {
    expect(treeLeaves(tree)).toEqual([
      { CodeID: 'G20', Label: 'Parkinson disease' },
      { CodeID: 'G80.1', Label: 'Spastic diplegic cerebral palsy' },
      { CodeID: 'R26.2', Label: 'Difficulty in walking' },
    ]);
  });

  it('gives nothing for an empty tree', () => {
    expect(treeLeaves([])).toEqual([]);
  });
});

describe('codeLabel', () => {
  const list = treeLeaves(tree);

  it('finds the label of a known code', () => {
    expect(codeLabel(list, 'G80.1')).toBe('Spastic diplegic cerebral palsy');
  });

  it('gives undefined for an unknown code or a branch id', () => {
    expect(codeLabel(list, 'G99.9')).toBeUndefined();
    expect(codeLabel(list, 'VI')).toBeUndefined();
  });
});
