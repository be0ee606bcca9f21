/** Body fields that are plumbing, not data the user chose; update bodies otherwise use the record's names (docs/spec.md §7). */
const HIDDEN = new Set(['UserType', 'ID', 'DateModified', 'Password', 'AdminPassword', 'NewPassword']);

export type ConflictField = { field: string; mine: string; theirs: string; differs: boolean };

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Lists of ids are compared as sets: the server may keep 'b,a' where the form sent 'a,b'. */
function comparable(value: unknown): string {
  const text = shown(value);
  return text.includes(',')
    ? text
        .split(',')
        .map((part) => part.trim())
        .sort()
        .join(',')
    : text;
}

/** Every field the edit sent, beside the server's current value; numbers compare as numbers (170 = 170.0). */
export function conflictFields(body: Record<string, unknown>, current: Record<string, unknown>): ConflictField[] {
  return Object.keys(body)
    .filter((field) => !HIDDEN.has(field))
    .map((field) => {
      const mine = body[field];
      const theirs = current[field];
      const sameNumber = typeof mine === 'number' && Number(theirs) === mine;
      return {
        field,
        mine: shown(mine),
        theirs: shown(theirs),
        differs: !sameNumber && comparable(mine) !== comparable(theirs),
      };
    });
}
