import { describe, expect, it } from 'vitest';
import { codeLabel } from './codeTree.ts';
import { ICF_CODES, ICF_TREE, icfBrowserUrl } from './icf.ts';

const chapters = ICF_TREE.flatMap((component) => (component.children ?? []).map((chapter) => ({ component, chapter })));
const items = chapters.flatMap(({ chapter }) => (chapter.children ?? []).map((item) => ({ chapter, item })));

describe('ICF tree', () => {
  it('has the four ICF components, in WHO order', () => {
    expect(ICF_TREE.map((component) => component.id)).toEqual(['b', 's', 'd', 'e']);
  });

  it('is component → chapter → item, with items only at the third level', () => {
    expect(chapters.every(({ chapter }) => chapter.children !== undefined)).toBe(true);
    expect(items.every(({ item }) => item.children === undefined)).toBe(true);
  });

  it('holds at least 30 items', () => {
    expect(items.length).toBeGreaterThanOrEqual(30);
  });

  it('gives every node a unique id, so tree-select keys never clash', () => {
    const ids = [...ICF_TREE, ...chapters.map(({ chapter }) => chapter), ...items.map(({ item }) => item)].map(
      (n) => n.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses ICF code syntax for every item', () => {
    for (const { item } of items) expect(item.id).toMatch(/^[bsde]\d{3,5}$/);
  });

  it('files each chapter under its component and each item under its chapter', () => {
    for (const { component, chapter } of chapters) expect(chapter.id).toMatch(new RegExp(`^${component.id}\\d$`));
    for (const { chapter, item } of items)
      expect(item.id.startsWith(chapter.id), `${item.id} in ${chapter.id}`).toBe(true);
  });

  it('labels every node', () => {
    const nodes = [...ICF_TREE, ...chapters.map(({ chapter }) => chapter), ...items.map(({ item }) => item)];
    for (const node of nodes) expect(node.label.trim(), node.id).not.toBe('');
  });
});

describe('ICF_CODES', () => {
  it('is the tree leaves in display order', () => {
    expect(ICF_CODES).toEqual(items.map(({ item }) => ({ CodeID: item.id, Label: item.label })));
  });

  it('looks up a WHO title by code', () => {
    expect(codeLabel(ICF_CODES, 'b770')).toBe('Gait pattern functions');
    expect(codeLabel(ICF_CODES, 'd4500')).toBe('Walking short distances');
  });
});

describe('icfBrowserUrl', () => {
  it('opens the WHO ICF browser', () => {
    expect(icfBrowserUrl('b770')).toBe('https://apps.who.int/classifications/icfbrowser/');
  });
});
