import type { TreeOption } from './options.ts';
import { matchesSearch } from './tableData.ts';

/**
 * A TreeSelect's value is the set of chosen leaves (codes, patients). Branches show as selected when all
 * their leaves are, and ticking a branch ticks its leaves: that is how a clinician picks a whole chapter.
 */

const isBranch = (node: TreeOption): node is TreeOption & { children: TreeOption[] } => node.children !== undefined;

export function leafIds(nodes: readonly TreeOption[]): string[] {
  return nodes.flatMap((node) => (isBranch(node) ? leafIds(node.children) : [node.id]));
}

export function branchIds(nodes: readonly TreeOption[]): string[] {
  return nodes.flatMap((node) => (isBranch(node) ? [node.id, ...branchIds(node.children)] : []));
}

/** Every node by id, so a selection change can find the leaves of a ticked branch. */
export function indexTree(
  nodes: readonly TreeOption[],
  index = new Map<string, TreeOption>(),
): Map<string, TreeOption> {
  for (const node of nodes) {
    index.set(node.id, node);
    if (isBranch(node)) indexTree(node.children, index);
  }
  return index;
}

/** The nodes whose label matches, with their ancestors; a matching branch keeps its whole subtree. */
export function filterTree(nodes: readonly TreeOption[], search: string): TreeOption[] {
  if (search.trim() === '') return [...nodes];
  return nodes.flatMap((node): TreeOption[] => {
    if (matchesSearch(search, [node.label, node.id])) return [node];
    if (!isBranch(node)) return [];
    const children = filterTree(node.children, search);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** What the tree shows as ticked: the chosen leaves and every branch whose leaves are all chosen. */
export function shownSelection(nodes: readonly TreeOption[], chosen: ReadonlySet<string>): Set<string> {
  const shown = new Set(chosen);
  const visit = (node: TreeOption): boolean => {
    if (!isBranch(node)) return chosen.has(node.id);
    const results = node.children.map(visit);
    const all = results.length > 0 && results.every(Boolean);
    if (all) shown.add(node.id);
    return all;
  };
  nodes.forEach(visit);
  return shown;
}

/** The chosen leaves after the tree reported `next` in place of `before` (both as shown). */
export function applyTreeSelection(
  index: ReadonlyMap<string, TreeOption>,
  chosen: ReadonlySet<string>,
  before: ReadonlySet<string>,
  next: ReadonlySet<string>,
): Set<string> {
  const result = new Set(chosen);
  const leavesOf = (id: string): string[] => {
    const node = index.get(id);
    return node ? leafIds([node]) : [id];
  };
  for (const id of before) if (!next.has(id)) leavesOf(id).forEach((leaf) => result.delete(leaf));
  for (const id of next) if (!before.has(id)) leavesOf(id).forEach((leaf) => result.add(leaf));
  return result;
}
