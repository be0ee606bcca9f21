/**
 * The audit target of a list read: whose records were read, by id, not only how many (HIPAA §164.312(b) asks who saw
 * which record). A delta names only the records it returned.
 */
export function listTarget(kind: string, ids: readonly string[], modifiedSince?: string): string {
  const unique = [...new Set(ids)];
  const since = modifiedSince === undefined ? '' : ` since ${modifiedSince}`;
  return `${kind}:${unique.length === 0 ? 'none' : unique.join(',')}${since}`;
}

/** For the audit log page: a long list of ids shortened to its first few and a count; the row keeps them all. */
export function shortTarget(target: string, keep = 8): string {
  const match = /^(\w+):([^ ]+)(.*)$/.exec(target);
  const ids = match?.[2]?.split(',') ?? [];
  if (match === null || ids.length <= keep) return target;
  return `${match[1] ?? ''}:${ids.slice(0, keep).join(',')} … and ${String(ids.length - keep)} more${match[3] ?? ''}`;
}
