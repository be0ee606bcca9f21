import { auditRequest } from '#server/audit/requestAudit';
import type { SessionDeps } from '#server/deps';
import { asAttachment } from '#server/http/attachment';
import { currentUser } from '#server/http/authenticate';
import { HttpError, notFound } from '#server/http/errors';
import type { CallHandler } from '#server/http/serveCall';
import type { ExportRunner } from './exportRunner.ts';
import { exportJobOf, exportSubjects } from './exportSources.ts';

/**
 * One sub-session's metrics, cycles or events as CSV, or its joints as C3D (docs/export-formats.md). A sub-session
 * outside the caller's scope is not found, like one that does not exist; every export, and every refusal, is audited
 * with the patient and sub-session it names.
 */
export function exportSession(deps: SessionDeps, runner: ExportRunner): CallHandler<'exportSession'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { SubSessionID, kind } = request.params;
    const [subject] = await exportSubjects(deps, user, { subSessionIds: [SubSessionID] });
    if (subject === undefined) {
      await auditRequest(deps, request, 'session.export', `subSession:${SubSessionID} ${kind}`, 'denied');
      throw notFound('Session not found');
    }
    const target = `patient:${subject.patientId} subSession:${SubSessionID} ${kind}`;
    const [file] = (await runner.run(await exportJobOf(deps, subject, [kind]))).files;
    if (file === undefined || !file.ok) {
      await auditRequest(deps, request, 'session.export', target, 'failure');
      throw new HttpError(422, file?.error ?? 'Nothing to export.');
    }
    await auditRequest(deps, request, 'session.export', target);
    return asAttachment(reply.code(200), file.contentType, file.name).send(Buffer.from(file.bytes));
  };
}
