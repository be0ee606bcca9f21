/**
 * What each audited action means, in the words an auditor reads (the trail stores the short names that the server
 * writes, src/server/features). A call refused for the caller's role is stored as its method and path
 * ('GET /api/clinics'), which auditActionLabel says as such.
 */
export const AUDIT_ACTIONS = {
  login: 'Logged in',
  'login.throttled': 'Login attempts held back',
  logout: 'Logged out',
  'password.update': 'Changed own password',
  'password.throttled': 'Password attempts held back',
  'patients.list': 'Listed patients',
  'patient.read': 'Opened a patient',
  'patient.add': 'Added a patient',
  'patient.update': 'Edited a patient',
  'patient.remove': 'Deleted a patient',
  'patient.exportFhir': 'Exported a patient as FHIR',
  'clinicians.list': 'Listed clinicians',
  'clinician.read': 'Opened a clinician',
  'clinician.clinics': "Read a clinician's clinics",
  'clinician.add': 'Added a clinician',
  'clinician.update': 'Edited a clinician',
  'clinician.remove': 'Deleted a clinician',
  'clinician.joinClinic': 'Added a clinician to a clinic',
  'clinics.list': 'Listed clinics',
  'clinic.read': 'Opened a clinic',
  'clinic.add': 'Added a clinic',
  'clinic.update': 'Edited a clinic',
  'clinic.remove': 'Deleted a clinic',
  'sessions.list': 'Listed sessions',
  'session.add': 'Added a session',
  'session.remove': 'Deleted a session',
  'session.download': 'Downloaded a session file',
  'session.viewText': 'Viewed a session file as text',
  'session.export': 'Exported a session',
  'session.exportZip': 'Exported sessions as a zip',
  'session.uploadFile': 'Uploaded a session file',
  'session.sendFile': 'Sent a file for a new session',
  'session.uploadStart': 'Started an upload',
  'session.uploadOffset': 'Resumed an upload',
  'session.uploadChunk': 'Sent part of an upload',
  'session.uploadCancel': 'Cancelled an upload',
  'blurJob.list': "Read a video's blurring jobs",
  'blurJob.start': 'Started blurring a video',
  'blurJob.resume': 'Took up blurring a video again after a stop',
  'blurJob.done': 'Blurred a video',
  'blurJob.retry': 'Blurring a video failed and will run again',
  'blurJob.fail': 'Blurring a video failed',
  'blurJob.retryByUser': 'Asked for a video to be blurred again',
  'blurJob.cancel': 'Cancelled blurring a video',
  'blurJob.review.confirm': 'Confirmed a blurred video',
  'blurJob.review.reject': 'Rejected a blurred video',
  'blurJob.review.rerunWithRegions': 'Marked regions for a video to be blurred again',
  'blurJob.review.releaseWholeFrame': 'Released a video blurred as a whole',
  'poseJob.list': "Read a video's measuring jobs",
  'poseJob.start': 'Started measuring the walk in a video',
  'poseJob.resume': 'Took up measuring a video again after a stop',
  'poseJob.done': 'Measured the walk in a video',
  'poseJob.retry': 'Measuring a video failed and will run again',
  'poseJob.fail': 'Measuring a video failed',
  'poseJob.cancel': 'Cancelled measuring a video',
  'poseJob.retryByUser': 'Asked for a video to be measured again',
  'report.generate': 'Made a report',
  'report.read': 'Opened a report',
  'auditLog.read': 'Read the audit log',
  'auditLog.export': 'Exported the audit log',
  'audit.rekey': 'Re-keyed the audit trail',
} as const satisfies Record<string, string>;

/** An action the server writes to the trail: each has the words an auditor reads, or the server does not compile. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

const isKnown = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** An action as an auditor reads it; one not listed (a newer server's) reads as stored. */
export function auditActionLabel(action: string): string {
  if (isKnown(action)) return AUDIT_ACTIONS[action];
  return /^[A-Z]+ \//.test(action) ? `Call not allowed for the role: ${action}` : action;
}

/** The outcomes an event is stored with (src/server/audit/auditHash.ts AuditOutcome). */
export const AUDIT_OUTCOMES = { success: 'Success', failure: 'Failure', denied: 'Denied' } as const;
export type AuditOutcomeName = keyof typeof AUDIT_OUTCOMES;

/** Who acted, by role, as the app names the roles (docs/spec.md §1); 'anonymous' is a caller without a login. */
export const AUDIT_ROLES: Record<string, string> = {
  patient: 'Patient',
  clinician: 'Clinician',
  clinic: 'Clinic Admin',
  admin: 'Administrator',
  anonymous: 'Anonymous',
};
