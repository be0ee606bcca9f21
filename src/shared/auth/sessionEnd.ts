/**
 * Why the server refused a token it once issued, sent beside 'Access token is invalid' (docs/spec.md §4) so the login
 * page can say why the user was logged out: a token nobody issued, or one already purged, gets no reason.
 */
export const SESSION_END_REASONS = ['idle', 'expired', 'ended'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
}
