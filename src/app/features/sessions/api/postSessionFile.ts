import { IDEMPOTENCY_HEADER } from '#shared/records/sync';
import { api } from '#app/lib/api';
import {
  asAnswer,
  MutationError,
  MutationNetworkError,
  outcomeOf,
  type MutationAnswer,
} from '#app/lib/mirror/outboxPolicy';
import { xhrFetch, type UploadProgress } from './xhrFetch.ts';

export type FileUpload = {
  file: File;
  /** From the file's content (fileTypes.ts contentTypeOf); the server decides by the content itself. */
  contentType: string;
  /** Kept by the caller for the same file, so a retry after a lost answer is not stored twice (docs/design.md Data flow 3). */
  idempotencyKey: string;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * POSTs a session file as the raw body (docs/spec.md §7: file text as JSON or text, an mp4 as video/mp4, C3D as bytes) with upload
 * progress. Resolves to the answer on a 2xx; rejects like submitMutation (MutationError with the server's
 * `{error}`, or MutationNetworkError when the server was not reached), so dialogs share one feedback path.
 */
export async function postSessionFile(
  path: string,
  searchParams: Record<string, string>,
  upload: FileUpload,
): Promise<MutationAnswer> {
  let response: Response;
  try {
    response = await api.post(path, {
      searchParams,
      body: upload.file,
      headers: {
        [IDEMPOTENCY_HEADER]: upload.idempotencyKey,
        'Content-Type': upload.contentType,
      },
      fetch: xhrFetch(upload.file, upload.onProgress),
      // A video on ward Wi-Fi can take many minutes; the user sees the progress and can cancel.
      timeout: false,
      retry: 0,
      throwHttpErrors: false,
      signal: upload.signal,
    });
  } catch (error) {
    throw new MutationNetworkError(upload.idempotencyKey, { cause: error });
  }
  const answer = asAnswer(await response.json().catch(() => null));
  if (outcomeOf(response.status) === 'done') return answer;
  throw new MutationError(response.status, answer);
}
