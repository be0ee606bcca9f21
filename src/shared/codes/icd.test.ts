import { describe, expect, it } from 'vitest';
import type { CodeTreeNode } from './codeTree.ts';
import { codeLabel } from './codeTree.ts';
import { ICD_CODES, ICD_TREE, icdBrowserUrl } from './icd.ts';

/** WHO ICD-10 chapter ranges, to check each block sits in the right chapter. */
const CHAPTER_RANGES: Record<string, string> = {
  I: 'A00-B99',
  VI: 'G00-G99',
  IX: 'I00-I99',
  XIII: 'M00-M99',
  XVII: 'Q00-Q99',
  XVIII: 'R00-R99',
  XIX: 'S00-T98',
  XXI: 'Z00-Z99',
};

/** Whether a three-character category (or range) lies within a range such as 'G80-G83'. */
function withinRange(range: string, first: string, last = first): boolean {
  const [from = '', to = ''] = range.split('-');
  return from <= first.slice(0, 3) && last.slice(0, 3) <= to;
}

const blocks = ICD_TREE.flatMap((chapter) => (chapter.children ?? []).map((block) => ({ chapter, block })));
const leaves = blocks.flatMap(({ block }) => (block.children ?? []).map((code) => ({ block, code })));

describe('ICD tree', () => {
  it('is chapter → block → code, with codes only at the third level', () => {
    const isLeaf = (node: CodeTreeNode) => node.children === undefined;
    expect(ICD_TREE.every((chapter) => !isLeaf(chapter))).toBe(true);
    expect(blocks.every(({ block }) => !isLeaf(block))).toBe(true);
    expect(leaves.every(({ code }) => isLeaf(code))).toBe(true);
  });

  it('holds at least 40 codes', () => {
    expect(leaves.length).toBeGreaterThanOrEqual(40);
  });

  it('gives every node a unique id, so tree-select keys never clash', () => {
    const ids = [...ICD_TREE, ...blocks.map(({ block }) => block), ...leaves.map(({ code }) => code)].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses ICD-10 code syntax for every code', () => {
    for (const { code } of leaves) expect(code.id).toMatch(/^[A-Z]\d{2}(\.\d{1,2})?$/);
  });

  it('files each code within its block range', () => {
    for (const { block, code } of leaves)
      expect(withinRange(block.id, code.id), `${code.id} in ${block.id}`).toBe(true);
  });

  it('files each block within its chapter range', () => {
    for (const { chapter, block } of blocks) {
      const [first = '', last = ''] = block.id.split('-');
      const chapterRange = CHAPTER_RANGES[chapter.id] ?? '';
      expect(withinRange(chapterRange, first, last), `${block.id} in chapter ${chapter.id}`).toBe(true);
    }
  });

  it('labels every node', () => {
    const nodes = [...ICD_TREE, ...blocks.map(({ block }) => block), ...leaves.map(({ code }) => code)];
    for (const node of nodes) expect(node.label.trim(), node.id).not.toBe('');
  });
});

describe('ICD_CODES', () => {
  it('is the tree leaves in display order', () => {
    expect(ICD_CODES).toEqual(leaves.map(({ code }) => ({ CodeID: code.id, Label: code.label })));
  });

  it('looks up a WHO title by code', () => {
    expect(codeLabel(ICD_CODES, 'G80.1')).toBe('Spastic diplegic cerebral palsy');
    expect(codeLabel(ICD_CODES, 'G20')).toBe('Parkinson disease');
  });
});

describe('icdBrowserUrl', () => {
  it('opens the WHO ICD-10 2019 browser at the code', () => {
    expect(icdBrowserUrl('G80.1')).toBe('https://icd.who.int/browse10/2019/en#/G80.1');
    expect(icdBrowserUrl('G80-G83')).toBe('https://icd.who.int/browse10/2019/en#/G80-G83');
  });
});
