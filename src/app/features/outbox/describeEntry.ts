import type { OutboxEntry } from '#app/lib/mirror/db';

const ACTIONS: Record<string, string> = { add: 'Add', update: 'Edit', remove: 'Delete' };
const KINDS: Record<string, string> = {
  Patient: 'patient',
  Clinician: 'clinician',
  Clinic: 'clinic',
  Session: 'session',
  ClinicianToClinic: 'clinician to clinic',
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The name a user knows the record by: the given patient ID, the clinic's name, or the person's name. */
function recordName(entry: OutboxEntry): string | undefined {
  const { body } = entry;
  const person = [text(body.Forename), text(body.Surname)].filter(Boolean).join(' ');
  if (entry.call.endsWith('Patient'))
    return text(body.GivenPatientID) ?? (entry.call === 'addPatient' ? text(body.ID) : undefined);
  return text(body.ClinicName) ?? (person || undefined);
}

/**
 * What the change is, in the user's words: 'Edit patient GP-1002', 'Add clinic North Gait Lab', 'Upload Video File for
 * Olivia Bennett (GP-1001), session 3.1' (a file's body holds only ids: the session is the entry's sealed subject).
 */
export function describeEntry(entry: OutboxEntry): string {
  if (entry.call === 'uploadSessionFile') {
    const what = `Upload ${text(entry.body.SessionFileType) ?? 'session file'}`;
    return entry.subject ? `${what} for ${entry.subject}` : what;
  }
  const match = /^(add|update|remove)(.+)$/.exec(entry.call);
  if (!match) return entry.call;
  const [, verb = '', noun = ''] = match;
  const what = `${ACTIONS[verb] ?? verb} ${KINDS[noun] ?? noun}`;
  const name = recordName(entry);
  return name ? `${what} ${name}` : what;
}

/** How much of a queued upload's files the server holds, so a half-sent video is seen to resume, not restart. */
const sentText = (entry: OutboxEntry) =>
  entry.kind === 'session-upload' && entry.progress !== undefined ? `${String(entry.progress)}% sent` : undefined;

/** The state column: 'failed: <server message>' keeps the reason next to the state. */
export function describeState(entry: OutboxEntry): string {
  const sent = sentText(entry);
  switch (entry.state) {
    case 'queued': {
      const notes = [sent, entry.error && `last answer: ${entry.error}`].filter(Boolean).join(', ');
      return notes ? `queued (${notes})` : 'queued';
    }
    case 'sending':
      return sent ? `sending (${sent})` : 'sending';
    case 'failed':
      return `failed: ${entry.error ?? 'refused by the server'}`;
    case 'conflict':
      return 'conflict';
  }
}

export function unsentText(count: number): string {
  return count === 1 ? '1 unsent change' : `${String(count)} unsent changes`;
}
