import { describe, expect, it } from 'vitest';
import { fhirR4Validator } from '../../../tests/fixtures/fhir/fhirSchema.ts';
import { profileErrors } from '../../../tests/fixtures/fhir/vitalSignsProfiles.ts';
import { person001Walk } from '../../../tests/fixtures/formats/walks.ts';
import { computeGaitMetrics } from '../gait/gaitMetrics.ts';
import { GAIT_METHOD } from '../gait/gaitResult.ts';
import { fhirBundle, fhirSystems, type FhirBundleInput } from './fhirBundle.ts';
import { GAIT_MEASURES } from './fhirMeasures.ts';

const analysis = computeGaitMetrics(person001Walk());
if (analysis.status !== 'ok') throw new Error(analysis.reason);
let counter = 0;
const input = (): FhirBundleInput => ({
  patient: {
    givenPatientId: 'P-0042',
    forename: 'Ada',
    surname: 'Lovelace',
    sex: 'Female',
    dateOfBirth: '1950-12-10',
    heightCm: 165,
    weightKg: 61.5,
    recordedAt: '2026-02-01T08:00:00.000Z',
  },
  sessions: [
    {
      sessionNumber: 3,
      subSessionNumber: 1,
      dateTime: '2026-03-04T09:15:00.000Z',
      metrics: analysis.session,
      method: GAIT_METHOD,
    },
    { sessionNumber: 3, subSessionNumber: 2, dateTime: '2026-03-04T09:20:00.000Z', metrics: null, method: GAIT_METHOD },
  ],
  generatedAt: new Date('2026-03-05T10:00:00.000Z'),
  newUuid: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
});

type Entry = { fullUrl: string; resource: Record<string, unknown> & { resourceType: string } };
/** The bundle as the JSON a FHIR server receives, for the checks below to read freely and to break on purpose. */
const asJson = (bundle: object) => JSON.parse(JSON.stringify(bundle)) as { type: string; entry: Entry[] };

describe('FHIR R4 export', () => {
  it('is a valid FHIR R4 Bundle by the official JSON schema', () => {
    const validate = fhirR4Validator();
    const bundle = fhirBundle(input());
    expect(validate(bundle), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  }, 60_000);

  it('fails the schema when a resource breaks FHIR (the check can fail)', () => {
    const validate = fhirR4Validator();
    const bundle = asJson(fhirBundle(input()));
    const observation = bundle.entry[1]?.resource;
    if (observation === undefined) throw new Error('no observation');
    observation.status = 'done';
    expect(validate(bundle)).toBe(false);
    const noSubject = asJson(fhirBundle(input()));
    delete noSubject.entry[0]?.resource.identifier;
    (noSubject.entry[0] as Entry).resource.gender = 'f';
    expect(validate(noSubject)).toBe(false);
  }, 60_000);

  it("conforms to FHIR R4's vital signs profiles: body height and weight, with their effective time", () => {
    const bundle = asJson(fhirBundle(input()));
    const vitals = bundle.entry.filter((e) => (e.resource.meta as { profile?: string[] } | undefined)?.profile);
    expect(vitals.map((e) => (e.resource.meta as { profile: string[] }).profile)).toEqual([
      ['http://hl7.org/fhir/StructureDefinition/bodyheight'],
      ['http://hl7.org/fhir/StructureDefinition/bodyweight'],
    ]);
    for (const { resource } of vitals) {
      expect(resource.effectiveDateTime).toBe('2026-02-01T08:00:00.000Z');
      const [profile = ''] = (resource.meta as { profile: string[] }).profile;
      expect(profileErrors(resource as Parameters<typeof profileErrors>[0], profile)).toEqual([]);
      expect(
        profileErrors(resource as Parameters<typeof profileErrors>[0], profile.replace(/body\w+$/, 'vitalsigns')),
      ).toEqual([]);
    }
  }, 60_000);

  it('fails the profile without effective[x], as Medplum found (the check can fail)', () => {
    const bundle = asJson(fhirBundle(input()));
    const height = bundle.entry.find((e) => (JSON.stringify(e.resource.code) ?? '').includes('8302-2'))?.resource;
    if (height === undefined) throw new Error('no body height');
    delete height.effectiveDateTime;
    const errors = profileErrors(
      height as Parameters<typeof profileErrors>[0],
      'http://hl7.org/fhir/StructureDefinition/bodyheight',
    );
    expect(errors.join('\n')).toMatch(/effective/i);
  }, 60_000);

  it('holds the patient by given id, one Observation per measure of each analysed session, and body height and weight', () => {
    const bundle = asJson(fhirBundle(input()));
    expect(bundle.type).toBe('collection');
    const [patient, ...rest] = bundle.entry;
    expect(patient?.resource).toEqual({
      resourceType: 'Patient',
      identifier: [{ system: 'urn:gait-portal:patient-id', value: 'P-0042' }],
      name: [{ family: 'Lovelace', given: ['Ada'] }],
      gender: 'female',
      birthDate: '1950-12-10',
    });
    const gait = rest.filter(
      (e) => (e.resource.category as { coding: { code: string }[] }[])[0]?.coding[0]?.code === 'exam',
    );
    const computed = GAIT_MEASURES.filter((m) => m.value(analysis.session) !== null);
    expect(gait).toHaveLength(computed.length);
    for (const entry of rest)
      expect(entry.resource.subject).toEqual({ reference: patient?.fullUrl, display: 'P-0042' });
    const codes = rest.map((e) => (e.resource.code as { coding: { system: string; code: string }[] }).coding[0]);
    expect(codes).toContainEqual({ system: 'http://loinc.org', code: '8302-2', display: 'Body height' });
    expect(codes).toContainEqual({ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' });
    expect(new Set(rest.map((e) => e.fullUrl)).size).toBe(rest.length);
  });

  it('gives each value in UCUM, with left and right as components', () => {
    const bundle = asJson(fhirBundle(input()));
    const byCode = (code: string) =>
      bundle.entry.find(
        (e) => (e.resource.code as { coding: { code: string }[] } | undefined)?.coding[0]?.code === code,
      )?.resource;
    expect(byCode('gait-speed')?.valueQuantity).toEqual({
      value: Math.round(analysis.session.speed * 1e4) / 1e4,
      unit: 'm/s',
      system: 'http://unitsofmeasure.org',
      code: 'm/s',
    });
    expect(byCode('cadence')?.valueQuantity).toMatchObject({ unit: 'steps/min', code: '/min' });
    const stance = byCode('stance-phase');
    expect(stance?.valueQuantity).toMatchObject({ code: '%' });
    expect(stance?.component).toEqual([
      expect.objectContaining({
        code: {
          coding: [
            {
              system: fhirSystems().measures,
              code: 'stance-phase-left',
              display: 'Stance phase (% of gait cycle), left',
            },
          ],
          text: 'Stance phase (% of gait cycle), left',
        },
      }),
      expect.objectContaining({
        valueQuantity: expect.objectContaining({
          value: Math.round((analysis.session.right.stancePercent ?? Number.NaN) * 1e4) / 1e4,
        }) as unknown,
      }),
    ]);
    expect(stance?.effectiveDateTime).toBe('2026-03-04T09:15:00.000Z');
    expect(stance?.identifier).toEqual([
      { system: 'urn:gait-portal:observation-id', value: 'P-0042/3.1/stance-phase' },
    ]);
  });

  it("uses a deployment's own canonical base and leaves out what the record does not hold", () => {
    const bare = { ...input(), systemBase: 'https://gait.example.org/fhir' };
    bare.patient = { ...bare.patient, forename: '', surname: '', sex: '', dateOfBirth: null, heightCm: 0, weightKg: 0 };
    const bundle = asJson(fhirBundle(bare));
    expect(bundle.entry[0]?.resource).toEqual({
      resourceType: 'Patient',
      identifier: [{ system: 'https://gait.example.org/fhir/patient-id', value: 'P-0042' }],
      gender: 'unknown',
    });
    expect(bundle.entry.some((e) => JSON.stringify(e.resource).includes('loinc'))).toBe(false);
  });
});
