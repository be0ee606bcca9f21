import { describe, expect, it } from 'vitest';
import { personName } from './personName.ts';

describe('personName', () => {
  it('joins the parts that exist', () => {
    expect(personName('Ada', 'Lovelace', 'Unnamed Patient')).toBe('Ada Lovelace');
    expect(personName(' Ada ', '', 'Unnamed Patient')).toBe('Ada');
    expect(personName(null, 'Lovelace', 'Unnamed Patient')).toBe('Lovelace');
  });

  it('falls back to the placeholder', () => {
    expect(personName('', '  ', 'Unnamed Clinician')).toBe('Unnamed Clinician');
  });
});
