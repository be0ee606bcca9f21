import { patientNameAndGivenId, sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';

/** 'session 3.1 of Ada Lovelace (GP-1001)', or for several 'sessions 3.1 and 3.2 of …' as a list. */
export function sessionLabelList(sessions: readonly Session[]): string {
  const names = sessions.map((s) => `session ${sessionAndSubSessionNumber(s)} of ${patientNameAndGivenId(s)}`);
  if (names.length <= 1) return names[0] ?? 'these sessions';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
