import { selectionFileName } from '#shared/exports/downloadNames';
import { auditRequest } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { asAttachment } from '#server/http/attachment';
import { currentUser } from '#server/http/authenticate';
import { HttpError, notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import { exportSubjects } from './exportSources.ts';
import type { ExportRunner } from './exportRunner.ts';
import { exportZip } from './exportZip.ts';

/**
 * Several sub-sessions' exports as one zip with an index.csv (docs/export-formats.md). Any sub-session outside the
 * caller's scope makes the whole request not found, as if it did not exist; the audit row names every patient and
 * sub-session exported.
 */
export function exportSessionsZip(deps: SessionDeps, runner: ExportRunner): CallHandler<'exportSessionsZip'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const ids = [...new Set(request.body.SubSessionIDs)];
    const kinds = [...new Set(request.body.Kinds)];
    const subjects = await exportSubjects(deps, user, { subSessionIds: ids });
    const asked = `sub-sessions:${ids.join(',')} ${kinds.join(',')}`;
    if (subjects.length !== ids.length) {
      await auditRequest(deps, request, 'session.exportZip', asked, 'denied');
      throw notFound('Session not found');
    }
    const patients = [...new Set(subjects.map((s) => s.patientId))];
    const target = `patients:${patients.join(',')} ${asked}`;
    const zip = await exportZip(deps, runner, subjects, kinds);
    if (!zip.ok) {
      await auditRequest(deps, request, 'session.exportZip', target, 'failure');
      throw new HttpError(422, zip.error);
    }
    await auditRequest(deps, request, 'session.exportZip', target);
    const name = selectionFileName(
      subjects.map((s) => s.givenPatientId),
      'sessions.zip',
    );
    return asAttachment(reply.code(200), 'application/zip', name).send(zip.stream);
  };
}
