import { describe, expect, it } from 'vitest';
import { navigationEntries } from './navigationEntries.ts';

const labels = (type: Parameters<typeof navigationEntries>[0]) => navigationEntries(type).map((e) => e.label);

describe('navigation entries', () => {
  it('grow with the role, as in docs/spec.md §2, with Offline Storage last for everyone', () => {
    expect(labels('patient')).toEqual(['Home', 'Sessions', 'Offline Storage']);
    expect(labels('clinician')).toEqual(['Home', 'Sessions', 'Patients', 'Offline Storage']);
    expect(labels('clinic')).toEqual(['Home', 'Sessions', 'Patients', 'Clinicians', 'Offline Storage']);
    expect(labels('admin')).toEqual([
      'Home',
      'Sessions',
      'Patients',
      'Clinicians',
      'Clinics',
      'Changelog',
      'Audit Log',
      'Offline Storage',
    ]);
  });

  it("link into the role's own area", () => {
    expect(navigationEntries('clinic').map((e) => e.href)).toEqual([
      '/clinic/home',
      '/clinic/sessions',
      '/clinic/patients',
      '/clinic/clinicians',
      '/clinic/offline',
    ]);
    expect(navigationEntries('admin').at(-2)?.href).toBe('/admin/audit-log');
    expect(navigationEntries('patient').at(-1)?.href).toBe('/patient/offline');
  });
});
