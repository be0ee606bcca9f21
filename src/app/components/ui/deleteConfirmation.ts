/**
 * docs/spec.md §4 Delete: the confirm dialog enables Delete only when the typed text equals the target text
 * exactly: the full name, a single name, or (for a patient with neither) the given patient id.
 */
export function deleteTargetText(
  forename: string | null | undefined,
  surname: string | null | undefined,
  fallback: string,
): string {
  const name = [forename, surname]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || fallback;
}

/** Exact, case- and space-sensitive: a deliberate act, not a near miss. */
export function isDeleteConfirmed(typed: string, target: string): boolean {
  return target !== '' && typed === target;
}
