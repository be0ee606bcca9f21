import { describe, expect, it } from 'vitest';
import { navigationEntries } from './navigationEntries.ts';

const labels = (type: Parameters<typeof navigationEntries>[0]) => navigationEntries(type).map((e) => e.label);

describe('navigation entries', () => {
  it('grow with the role, as in spec §2', () => {
    expect(labels('patient')).toEqual(['Home', 'Sessions']);
    expect(labels('clinician')).toEqual(['Home', 'Sessions', 'Patients']);
    expect(labels('clinic')).toEqual(['Home', 'Sessions', 'Patients', 'Clinicians']);
    expect(labels('admin')).toEqual([
      'Home', 'Sessions', 'Patients', 'Clinicians', 'Clinics', 'Changelog', 'Audit Log',
    ]);
  });

  it('link into the role\'s own area', () => {
    expect(navigationEntries('clinic').map((e) => e.href)).toEqual([
      '/clinic/home', '/clinic/sessions', '/clinic/patients', '/clinic/clinicians',
    ]);
    expect(navigationEntries('admin').at(-1)?.href).toBe('/admin/audit-log');
  });
});
