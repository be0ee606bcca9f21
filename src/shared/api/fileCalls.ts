import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypes.ts';
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
const contentRange = z.string().describe('bytes a-b/size; bytes */size with 416');
const FILE_MEDIA = ['application/json', 'text/plain', 'video/mp4'] as const;

const shared = {
  method: 'GET',
  tag,
  access: EVERYONE,
  params,
  query,
  headers,
} as const;
const sharedAnswers = {
  ...TOKEN_ANSWERS,
  304: { description: 'Not modified (If-None-Match)' },
  403: problem('The unblurred video, for anyone but the admin and clinicians with ElevatedAccess'),
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
      200: { description: 'The file', media: FILE_MEDIA, headers: fileHeaders('attachment; filename="…"') },
      206: {
        description: 'The byte range asked for',
        media: FILE_MEDIA,
        headers: { ...fileHeaders('attachment; filename="…"'), 'Content-Range': contentRange },
      },
    },
  }),
  viewSessionFileText: defineCall({
    ...shared,
    path: '/download/sessionData/:file',
    summary: 'A session file as text, for the Text Viewer',
    answers: {
      ...sharedAnswers,
      200: { description: 'The file as text', media: ['text/plain'], headers: fileHeaders('inline; filename="…"') },
      206: {
        description: 'The byte range asked for',
        media: ['text/plain'],
        headers: { ...fileHeaders('inline; filename="…"'), 'Content-Range': contentRange },
      },
      415: problem('A video cannot be shown as text; download it instead.'),
    },
  }),
};
