/** The ICF generic qualifier (WHO ICF, 2001): the extent of the problem with a function or activity. */
export const ICF_QUALIFIERS = [
  { id: '0', label: '0 — No problem' },
  { id: '1', label: '1 — Mild problem' },
  { id: '2', label: '2 — Moderate problem' },
  { id: '3', label: '3 — Severe problem' },
  { id: '4', label: '4 — Complete problem' },
  { id: '8', label: '8 — Not specified' },
  { id: '9', label: '9 — Not applicable' },
];
const LABELS = new Map(ICF_QUALIFIERS.map((q) => [q.id, q.label]));

/**
 * Each chosen ICF code's rating as the expanded row prints it: Ratings holds one value per ICF, in the same order
 * (docs/spec.md §3), blank until rated.
 */
export function icfRatingTexts(icf: readonly string[], ratings: string | null | undefined): Map<string, string> {
  const values = (ratings ?? '').split(',').map((r) => r.trim());
  return new Map(icf.map((code, i) => [code, LABELS.get(values[i] ?? '') ?? 'Not rated']));
}
