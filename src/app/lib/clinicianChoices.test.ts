import { describe, expect, it } from 'vitest';
import { asClinicianId } from '#shared/ids/ids';
import { clinicianChoices } from './clinicianChoices.ts';

const clinician = (id: string, more: Partial<Parameters<typeof clinicianChoices>[0][number]> = {}) => ({
  ClinicianID: asClinicianId(id),
  Forename: 'Ines',
  Surname: 'Navarro',
  ClinicNames: 'Riverside Gait Laboratory',
  Username: '',
  Email: '',
  ...more,
});

describe('clinicianChoices', () => {
  it('tells three clinicians of one name apart by clinic and username', () => {
    const labels = clinicianChoices([
      clinician('a', { ClinicNames: 'Stride Fitness Gym' }),
      clinician('b', { Username: 'inavarro' }),
      clinician('c', { ClinicNames: '' }),
    ]).map((c) => c.label);
    expect(labels).toEqual([
      'Ines Navarro — (No Associated Clinic)',
      'Ines Navarro — Riverside Gait Laboratory (inavarro)',
      'Ines Navarro — Stride Fitness Gym',
    ]);
    expect(new Set(labels).size).toBe(3);
  });

  it('adds the email only where clinics and username do not tell them apart', () => {
    const choices = clinicianChoices([
      clinician('a', { Email: 'ines@riverside.example' }),
      clinician('b', { Email: 'i.navarro@riverside.example' }),
      clinician('c', { Forename: 'Amelia', Surname: 'Hart', Email: 'amelia@riverside.example' }),
    ]);
    expect(choices).toEqual([
      { id: 'c', label: 'Amelia Hart — Riverside Gait Laboratory' },
      { id: 'b', label: 'Ines Navarro — Riverside Gait Laboratory · i.navarro@riverside.example' },
      { id: 'a', label: 'Ines Navarro — Riverside Gait Laboratory · ines@riverside.example' },
    ]);
  });

  it('names an unnamed clinician as the specification does', () => {
    expect(clinicianChoices([clinician('a', { Forename: '', Surname: '' })])[0]?.label).toBe(
      'Unnamed Clinician — Riverside Gait Laboratory',
    );
  });
});
