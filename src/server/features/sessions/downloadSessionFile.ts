import { STORED_FILE_DOWNLOAD_KINDS, sessionFileName } from '#shared/exports/downloadNames';
import { SESSION_FILE_FORMATS, SESSION_FILE_KINDS, type SessionFileKind } from '#shared/sessions/sessionFiles';
import { isTextOriginal, originalExtension } from '#shared/formats/originalMedia';
import { asAttachment } from '#server/http/attachment';
import { auditRequest } from '#server/audit/requestAudit';
import { currentUser } from '#server/http/authenticate';
import type { CallHandler } from '#server/http/serveCall';
import { HttpError, forbidden, notFound } from '#server/http/errors';
import { patientScope } from '#server/scope/recordScope';
import { byteRange } from '#shared/http/byteRange';
import type { SessionDeps } from '#server/deps';
import { scopedSubSessions } from '#server/records/sessionQuery';
import { blurredVideoRelease, mayWatchUnblurred } from '#server/scope/videoAccess';
import { BLUR_MESSAGES } from '#shared/sessions/blurJobs';
import { asSessionId, asSubSessionId } from '#shared/ids/ids';

const FILE_NAME = /^([A-Za-z0-9-]{1,100})_([A-Za-z0-9-]{1,100})\.(.+)$/;
const KIND_BY_FORMAT = new Map<string, SessionFileKind>(
  SESSION_FILE_KINDS.map((kind) => [SESSION_FILE_FORMATS[kind], kind]),
);
const isVideo = (kind: SessionFileKind) => kind === 'video' || kind === 'blurredVideo';

/**
 * A session file (docs/spec.md §7): under /Internal as a download, without it as text for the Text Viewer. Byte ranges let
 * a video seek and a large file resume; the ETag is the content's SHA-256. Outside the caller's scope is 404.
 */
export function downloadSessionFile(
  deps: SessionDeps,
  asText: boolean,
): CallHandler<'downloadSessionFile' | 'viewSessionFileText'> {
  return async (request, reply) => {
    const user = currentUser(request);
    const { file } = request.params;
    const [, session = '', subSession = '', format = ''] = FILE_NAME.exec(file) ?? [];
    const [sessionId, subSessionId] = [asSessionId(session), asSubSessionId(subSession)];
    const kind = KIND_BY_FORMAT.get(format);
    const target = `subSession:${subSessionId || file} ${format}`;
    const refuse = async (error: HttpError) => {
      await auditRequest(deps, request, 'session.download', target, 'denied');
      return error;
    };
    const { db } = deps.database;
    if (kind === undefined) throw await refuse(notFound('Session file not found'));
    const row = await scopedSubSessions(db, patientScope(db, user), { subSessionId })
      .leftJoin('session_files as f', (join) => join.onRef('f.sub_session_id', '=', 'ss.id').on('f.kind', '=', kind))
      .select([
        'f.storage_key',
        'f.size',
        'f.sha256',
        'f.content_type',
        'p.given_patient_id',
        's.session_number',
        'ss.sub_session_number',
        'ss.id as sub_session_id',
      ])
      .where('ss.session_id', '=', sessionId)
      .executeTakeFirst();
    if (row === undefined) throw await refuse(notFound('Session file not found'));
    const privileged = isVideo(kind) && (await mayWatchUnblurred(db, user));
    if (kind === 'video' && !privileged) {
      throw await refuse(
        forbidden('Only administrators and clinicians with elevated access may see the unblurred video.'),
      );
    }
    // Fail closed: a blurred video no reviewer has confirmed is nothing to play for anyone who may not see both.
    if (kind === 'blurredVideo' && !privileged) {
      const release = await blurredVideoRelease(db, row.sub_session_id);
      if (release === 'awaitsReview') throw await refuse(forbidden(BLUR_MESSAGES.awaitsReview));
    }
    if (row.storage_key === null || row.sha256 === null || row.size === null || row.content_type === null) {
      throw await refuse(notFound('Session file not found'));
    }
    if (asText && isVideo(kind))
      throw await refuse(new HttpError(415, 'A video cannot be shown as text; download it instead.'));
    if (asText && kind === 'originalRecording' && !isTextOriginal(row.content_type))
      throw await refuse(new HttpError(415, 'A C3D file is binary and cannot be shown as text; download it instead.'));
    await auditRequest(deps, request, asText ? 'session.viewText' : 'session.download', target);

    // Saved under what a clinician knows the session by, never the portal's UUIDs; an original recording keeps its
    // own format's extension (…_original.c3d) so that tools open it.
    const name = sessionFileName(
      {
        givenPatientId: row.given_patient_id,
        sessionNumber: row.session_number,
        subSessionNumber: row.sub_session_number,
      },
      STORED_FILE_DOWNLOAD_KINDS[kind],
      kind === 'originalRecording' ? originalExtension(row.content_type) : '',
    );
    const size = Number(row.size);
    const etag = `"${row.sha256}"`;
    asAttachment(reply, asText ? 'text/plain; charset=utf-8' : row.content_type, name, asText ? 'inline' : 'attachment')
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const ifRange = request.headers['if-range'];
    const range =
      ifRange === undefined || ifRange === etag ? byteRange(request.headers.range, size) : { kind: 'whole' as const };
    switch (range.kind) {
      case 'unsatisfiable':
        return reply
          .code(416)
          .header('Content-Range', `bytes */${String(size)}`)
          .send();
      case 'part': {
        const { start, end } = range.range;
        reply
          .code(206)
          .header('Content-Range', `bytes ${String(start)}-${String(end)}/${String(size)}`)
          .header('Content-Length', end - start + 1);
        return reply.send(deps.storage.read(row.storage_key, range.range));
      }
      case 'whole':
        return reply.code(200).header('Content-Length', size).send(deps.storage.read(row.storage_key));
    }
  };
}
