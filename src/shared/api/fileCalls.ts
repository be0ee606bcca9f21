import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { SESSION_FILE_FORMATS } from '../sessions/sessionFiles.ts';
import { TOKEN_ANSWERS, defineCall, problem } from './call.ts';

const EVERYONE = ['patient', 'clinician', 'clinic', 'admin'] as const;
const tag = 'session files';

const params = z.object({
  file: z
    .string()
    .max(300)
    .describe(`{SessionID}_{SubSessionID}.{format}, format one of ${Object.values(SESSION_FILE_FORMATS).join(', ')}`),
});
const query = z.object({ UserType: userTypeSchema.optional() });
const headers = z.looseObject({
  range: z.string().optional().describe('One byte range (bytes=a-b, a- or -n); several get the whole file'),
  'if-range': z.string().optional().describe('The ETag the range was read from: a changed file comes whole'),
  'if-none-match': z.string().optional().describe('The ETag held: 304 when the file has not changed'),
});

const fileHeaders = (disposition: string) => ({
  ETag: z.string().describe("The SHA-256 of the file's content, quoted"),
  'Accept-Ranges': z.literal('bytes'),
  'Content-Length': z.string(),
  'Content-Disposition': z.string().describe(disposition),
});
const DISPOSITION = (type: string) =>
  `${type}; filename="<name>"; filename*=UTF-8''<name>, the name <patient id>_session-<n>.<m>_<kind> (e.g. _joints.json, _video.mp4)`;
const contentRange = z.string().describe('bytes a-b/size; bytes */size with 416');
/** The stored files' types; an original recording keeps its format's (C3D as bytes, Kinect v2 CSV as text/csv). */
const FILE_MEDIA = ['application/json', 'text/plain', 'video/mp4', 'application/octet-stream', 'text/csv'] as const;

const shared = {
  method: 'GET',
  tag,
  access: EVERYONE,
  tokenInQuery: true,
  params,
  query,
  headers,
} as const;
const sharedAnswers = {
  ...TOKEN_ANSWERS,
  304: { description: 'Not modified (If-None-Match)' },
  403: problem(
    "The unblurred video, for anyone but the admin and clinicians with ElevatedAccess; for them also a blurred video no reviewer has confirmed yet, or a recording whose video is still being blurred ('This video awaits review: …')",
  ),
  404: problem("'Session file not found': unknown, missing or outside the caller's scope"),
  416: { description: 'The range lies beyond the end', headers: { 'Content-Range': contentRange } },
} as const;

/**
 * A session file (docs/spec.md §7): under /Internal as a download, without it as text for the Text Viewer. Byte ranges let
 * a video seek and a large file resume. Browsers load these by address (<video src>, a download link), which can
 * carry no header: the access token may come as the access_token query parameter.
 */
export const fileCalls = {
  downloadSessionFile: defineCall({
    ...shared,
    path: '/Internal/download/sessionData/:file',
    summary: 'Download a session file',
    answers: {
      ...sharedAnswers,
      200: { description: 'The file', media: FILE_MEDIA, headers: fileHeaders(DISPOSITION('attachment')) },
      206: {
        description: 'The byte range asked for',
        media: FILE_MEDIA,
        headers: { ...fileHeaders(DISPOSITION('attachment')), 'Content-Range': contentRange },
      },
    },
  }),
  viewSessionFileText: defineCall({
    ...shared,
    path: '/download/sessionData/:file',
    summary: 'A session file as text, for the Text Viewer',
    answers: {
      ...sharedAnswers,
      200: { description: 'The file as text', media: ['text/plain'], headers: fileHeaders(DISPOSITION('inline')) },
      206: {
        description: 'The byte range asked for',
        media: ['text/plain'],
        headers: { ...fileHeaders(DISPOSITION('inline')), 'Content-Range': contentRange },
      },
      415: problem(
        "'A video cannot be shown as text; download it instead.', and the same for an original recording in C3D (binary)",
      ),
    },
  }),
};
