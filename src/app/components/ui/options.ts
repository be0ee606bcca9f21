/** One choice of a Select, MultiSelect or RadioGroup. */
export type Option = { id: string; label: string };

/** A node of a TreeSelect; the shape of the shared ICD/ICF trees (`CodeTreeNode`). */
export type TreeOption = { id: string; label: string; children?: TreeOption[] };
