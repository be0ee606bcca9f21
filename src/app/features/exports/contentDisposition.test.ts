import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './contentDisposition.ts';

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
