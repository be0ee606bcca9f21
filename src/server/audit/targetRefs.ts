/** The kinds of record an audit target names (the writers' `kind:id` words, src/server/features). */
export type RecordKind = 'patient' | 'clinician' | 'clinic' | 'admin' | 'session' | 'subSession' | 'report' | 'upload';

/** A target word's kind; list reads name the plural ('patients:a,b'), a report its 'sub-sessions:'. */
const KINDS: Readonly<Record<string, RecordKind>> = {
  patient: 'patient',
  patients: 'patient',
  clinician: 'clinician',
  clinicians: 'clinician',
  clinic: 'clinic',
  clinics: 'clinic',
  admin: 'admin',
  session: 'session',
  subSession: 'subSession',
  'sub-sessions': 'subSession',
  report: 'report',
  upload: 'upload',
};

export type TargetRef = { kind: RecordKind; id: string };

/**
 * The records an audit target names, in the order it names them, each once: `patient:1 subSession:2 metrics.csv`
 * names a patient and a sub-session; `patients:a,b since …` two patients; 'audit_log' and '-' name none.
 */
export function targetRefs(target: string): TargetRef[] {
  const refs = new Map<string, TargetRef>();
  for (const word of target.split(' ')) {
    const match = /^([A-Za-z][\w-]*):(.+)$/.exec(word);
    const kind = match?.[1] === undefined ? undefined : KINDS[match[1]];
    if (kind === undefined) continue;
    for (const id of (match?.[2] ?? '').split(',')) {
      if (id === '' || id === 'none') continue;
      refs.set(`${kind}:${id}`, { kind, id });
    }
  }
  return [...refs.values()];
}
