import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './contentDisposition.ts';

describe('attachmentDisposition', () => {
  it('names a plain file in both forms', () => {
    expect(attachmentDisposition('P-0042_session-3.1_joints.c3d')).toBe(
      `attachment; filename="P-0042_session-3.1_joints.c3d"; filename*=UTF-8''P-0042_session-3.1_joints.c3d`,
    );
  });

  it('keeps a UTF-8 name whole in filename* and safe in filename', () => {
    expect(attachmentDisposition('Zoë "x"\\(1).csv')).toBe(
      `attachment; filename="Zo_ _x__(1).csv"; filename*=UTF-8''Zo%C3%AB%20%22x%22%5C%281%29.csv`,
    );
  });
});
