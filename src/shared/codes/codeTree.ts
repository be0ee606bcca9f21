import { z } from 'zod';

/** One entry of a code list as the API returns it (docs/spec.md §3: ICD, ICF and Misc items). */
export const codeItemSchema = z.object({ CodeID: z.string(), Label: z.string() }).meta({ id: 'CodeItem' });
export type CodeItem = z.infer<typeof codeItemSchema>;

/**
 * A node of the ICD/ICF tree select (docs/spec.md §2 patient browser). Only leaves are codes a patient
 * carries; their id is the CodeID. Branch ids are the classification's own group identifiers.
 */
export type CodeTreeNode = { id: string; label: string; children?: CodeTreeNode[] };
export const codeTreeNodeSchema: z.ZodType<CodeTreeNode> = z
  .object({
    id: z.string(),
    label: z.string(),
    get children() {
      return z.array(codeTreeNodeSchema).optional();
    },
  })
  .meta({ id: 'CodeTreeNode' });

/** The codes of a tree, depth first in display order, so a flat list is never written twice. */
export function treeLeaves(nodes: readonly CodeTreeNode[]): CodeItem[] {
  return nodes.flatMap((node) =>
    node.children ? treeLeaves(node.children) : [{ CodeID: node.id, Label: node.label }],
  );
}

/** The label of a code, or undefined when the list does not know it (e.g. a retired code). */
export function codeLabel(list: readonly CodeItem[], id: string): string | undefined {
  return list.find((item) => item.CodeID === id)?.Label;
}
