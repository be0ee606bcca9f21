import type { CodeItem } from './codeTree.ts';

/**
 * Tags a gait clinic puts on patients (docs/spec.md §3 Misc items, shown as Tags). CodeIDs are stored
 * on patients, so they never change meaning: retire an entry rather than reuse its CodeID.
 */
export const MISC_CODES = [
  { CodeID: 'M01', Label: 'Uses walking aid' },
  { CodeID: 'M02', Label: 'Wheelchair user' },
  { CodeID: 'M03', Label: 'Orthosis' },
  { CodeID: 'M04', Label: 'Prosthesis' },
  { CodeID: 'M05', Label: 'Falls risk' },
  { CodeID: 'M06', Label: 'Pre-surgery assessment' },
  { CodeID: 'M07', Label: 'Post-surgery follow-up' },
  { CodeID: 'M08', Label: 'Botulinum toxin treatment' },
  { CodeID: 'M09', Label: 'Ongoing physiotherapy' },
  { CodeID: 'M10', Label: 'Paediatric' },
  { CodeID: 'M11', Label: 'Research study participant' },
  { CodeID: 'M12', Label: 'Cognitive impairment' },
  { CodeID: 'M13', Label: 'Visual impairment' },
  { CodeID: 'M14', Label: 'Interpreter required' },
] as const satisfies readonly CodeItem[];
