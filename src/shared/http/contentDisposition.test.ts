import { describe, expect, it } from 'vitest';
import { attachmentDisposition, fileNameFromDisposition } from './contentDisposition.ts';

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

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 filename* to the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="Zo_.csv"; filename*=UTF-8''Zo%C3%AB.csv`)).toBe('Zoë.csv');
  });

  it('reads a plain filename, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename="GP-1001_fhir.json"')).toBe('GP-1001_fhir.json');
    expect(fileNameFromDisposition('attachment; filename=a.zip')).toBe('a.zip');
  });

  it('never lets a name point into a folder, and gives nothing for no name', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
