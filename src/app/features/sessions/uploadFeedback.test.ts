import { describe, expect, it } from 'vitest';
import { asAnswer, MutationError, MutationNetworkError } from '#app/lib/mirror/outboxPolicy';
import { isSuccessAnswer, uploadFailureText } from './uploadFeedback.ts';

describe('uploadFailureText', () => {
  it('shows known validation messages verbatim and anything else as the generic text', () => {
    expect(uploadFailureText(new MutationError(400, asAnswer({ error: 'SessionFileType not specified' })))).toBe(
      'Error: SessionFileType not specified',
    );
    expect(uploadFailureText(new MutationError(500, asAnswer({ error: 'Disk full' })))).toBe(
      'Some error occurred, please contact the administrator.',
    );
    expect(
      uploadFailureText(
        new MutationError(415, asAnswer({ error: 'The file is a Video File, not a Joint Data File.' })),
      ),
    ).toBe('Error: The file is a Video File, not a Joint Data File.');
    expect(uploadFailureText(new MutationError(403, asAnswer({})))).toBe('You do not have permission to do this.');
  });

  it("always shows the file's own problem, as the server read it", () => {
    const frameRate = 'Step 1 has a frame rate of 3.00e+4 Hz; 5–1000 Hz is expected (Timestamp counts milliseconds).';
    expect(uploadFailureText(new MutationError(400, asAnswer({ error: frameRate })))).toBe(`Error: ${frameRate}`);
    expect(uploadFailureText(new MutationError(422, asAnswer({ error: 'The video has no frames.' })))).toBe(
      'Error: The video has no frames.',
    );
    expect(uploadFailureText(new MutationError(400, asAnswer({})))).toBe(
      'Some error occurred, please contact the administrator.',
    );
  });

  it('asks to try again when the server was not reached', () => {
    expect(uploadFailureText(new MutationNetworkError('k'))).toMatch(/try again/);
  });
});

describe('isSuccessAnswer', () => {
  it('takes returnValue 0 (or none) as success', () => {
    expect(isSuccessAnswer({ returnValue: 0 })).toBe(true);
    expect(isSuccessAnswer({})).toBe(true);
    expect(isSuccessAnswer({ returnValue: 2 })).toBe(false);
  });
});
