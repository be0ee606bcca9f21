import { ICD_CODES, ICD_TREE } from '#shared/codes/icd';
import { ICF_CODES, ICF_TREE } from '#shared/codes/icf';
import { MISC_CODES } from '#shared/codes/misc';
import type { Option, TreeOption } from '#app/components/ui/options';

/** One tree for the browser's ICD/ICF filter (docs/spec.md §2); the two classifications' ids never overlap. */
export const ICD_ICF_TREE: TreeOption[] = [
  { id: 'ICD-10', label: 'ICD-10 conditions', children: [...ICD_TREE] },
  { id: 'ICF', label: 'ICF functioning', children: [...ICF_TREE] },
];

export const ICD_OPTIONS: TreeOption[] = [...ICD_TREE];
export const ICF_OPTIONS: TreeOption[] = [...ICF_TREE];

export const TAG_OPTIONS: Option[] = MISC_CODES.map((item) => ({ id: item.CodeID, label: item.Label }));

const labels = new Map([...ICD_CODES, ...ICF_CODES, ...MISC_CODES].map((item) => [item.CodeID, item.Label]));

/** The WHO title of a code or the label of a tag; the code itself for a retired one. */
export function codeTitle(code: string): string {
  return labels.get(code) ?? code;
}
