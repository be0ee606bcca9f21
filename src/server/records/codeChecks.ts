import { ICD_CODES } from '#shared/codes/icd';
import { ICF_CODES } from '#shared/codes/icf';
import { MISC_CODES } from '#shared/codes/misc';
import { badRequest } from '#server/http/errors';

const known = {
  ICD: new Set(ICD_CODES.map((c) => c.CodeID)),
  ICF: new Set(ICF_CODES.map((c) => c.CodeID)),
  Miscs: new Set<string>(MISC_CODES.map((c) => c.CodeID)),
};

/** Codes must come from the lists the client offers; stored comma-joined, or null when none (docs/spec.md §5). */
export function checkedCodes(kind: keyof typeof known, codes: string[]): string | null {
  const unknown = codes.find((code) => !known[kind].has(code));
  if (unknown !== undefined) throw badRequest(`${kind} code ${unknown} is not recognised`);
  return codes.length === 0 ? null : codes.join(',');
}

// ICF qualifiers: 0 no problem … 4 complete problem, 8 not specified, 9 not applicable; blank until rated.
const QUALIFIERS = new Set(['', '0', '1', '2', '3', '4', '8', '9']);

/** One rating per chosen ICF, in the same order; ratings without ICFs are dropped (docs/spec.md §5). */
export function checkedRatings(ratings: string | null | undefined, icfCount: number): string | null {
  if (icfCount === 0 || ratings === null || ratings === undefined || ratings === 'N/A') return null;
  const values = ratings.split(',').map((r) => r.trim());
  if (values.length !== icfCount) throw badRequest('Ratings must have one value for each ICF');
  if (values.some((v) => !QUALIFIERS.has(v))) throw badRequest('Ratings must be 0 to 4, 8 or 9');
  return values.join(',');
}
