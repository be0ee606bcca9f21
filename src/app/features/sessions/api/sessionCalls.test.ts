import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testSession } from '#shared/sessions/testSession';

const submitStagedFile = vi.fn(() => Promise.resolve({ result: 'success', returnValue: 0 }));
vi.mock('#app/lib/mirror/outbox', () => ({ submitMutation: vi.fn(), submitStagedFile }));

const { uploadSessionFile } = await import('./sessionCalls.ts');

describe('uploadSessionFile', () => {
  beforeEach(() => submitStagedFile.mockClear());

  it('queues the file with the call under a fresh FileUploadID, in order with the sub-session’s other changes', async () => {
    const session = testSession({ SessionNumber: 3, SubSessionNumber: 2 });
    const file = new File([new Uint8Array(8)], 'ward-walk.mp4', { type: 'video/mp4' });
    await uploadSessionFile(session, 'Blurred Video File', file);
    await uploadSessionFile(session, 'Joint Data File', file);
    const [first, second] = submitStagedFile.mock.calls as unknown as [unknown[], unknown[]];
    expect(first).toEqual([
      {
        SessionID: 's1',
        SubSessionID: 'ss1',
        SessionFileType: 'Blurred Video File',
        FileUploadID: expect.any(String) as string,
      },
      { name: 'ward-walk.mp4', blob: file, videoKind: 'Blurred' },
      { recordKey: 'ss1', subject: 'Ada Lovelace (GP-1), session 3.2', onProgress: undefined },
    ]);
    expect(second[1]).toEqual({ name: 'ward-walk.mp4', blob: file });
    // Each replacement stages its own file: a retry of one never picks up the other's.
    const ids = [first, second].map((call) => (call[0] as { FileUploadID: string }).FileUploadID);
    expect(new Set(ids).size).toBe(2);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_.-]{1,100}$/);
  });
});
