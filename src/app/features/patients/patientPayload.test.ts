import { describe, expect, it } from 'vitest';
import { initialPatientValues, withHeightUnit, withIcfs, withWeightUnit } from './patientForm.ts';
import { addPatientBody, codesOrNull, ratingsOrNull, updatePatientBody } from './patientPayload.ts';
import { testPatient } from './testPatient.ts';

describe('null rules for codes (docs/spec.md §5)', () => {
  it('sends ICD, ICF and Tags as null when empty or N/A', () => {
    expect(codesOrNull([])).toBeNull();
    expect(codesOrNull(['N/A'])).toBeNull();
    expect(codesOrNull(['G80.1', 'G20'])).toBe('G80.1,G20');
  });

  it('sends ratings only with ICFs, one per ICF', () => {
    expect(ratingsOrNull([], ['2'])).toBeNull();
    expect(ratingsOrNull(['b280', 'd450'], ['', ''])).toBeNull();
    expect(ratingsOrNull(['b280', 'd450'], ['3'])).toBe('3,');
    expect(ratingsOrNull(['b280', 'd450'], ['3', '1'])).toBe('3,1');
  });
});

describe('addPatientBody', () => {
  const blank = initialPatientValues(undefined, 'en-GB');

  it("starts a new patient at 0 cm, 0 kg, 'Not Specified'", () => {
    expect(blank.height).toMatchObject({ unit: 'cm', cm: 0 });
    expect(blank.weight).toEqual({ unit: 'kg', value: 0 });
    expect(blank.sex).toBe('Not Specified');
  });

  it('converts feet and inches and pounds to cm and kg, and Not Specified to empty', () => {
    const values = { ...initialPatientValues(undefined, 'en-US'), givenId: ' GP-9 ', dob: '1980-02-03' };
    values.height = { ...values.height, feet: 5, inches: 7 };
    values.weight = { ...values.weight, value: 150 };
    const body = addPatientBody(values, 'clinic', 'uuid-1');
    expect(body).toMatchObject({
      UniquePatientID: 'uuid-1',
      ID: 'GP-9',
      DOB: '1980-02-03',
      Sex: '',
      GroupName: 'Patients',
    });
    expect(body.Height).toBeCloseTo(170.18, 10);
    expect(body.Weight).toBeCloseTo(68.0388555, 10);
    expect(body).toMatchObject({ ICD: null, ICF: null, Ratings: null, Miscs: null });
  });

  it('gives back what was entered when the stored record is opened again', () => {
    for (const [pounds, feet, inches] of [
      [150, 5, 7],
      [150.1234, 6, 0.5],
      [99.9999, 4, 11.9999],
      [0.1, 0, 0.0001],
    ] as const) {
      const values = { ...initialPatientValues(undefined, 'en-US'), givenId: 'GP-9', dob: '1980-02-03' };
      values.height = { ...values.height, feet, inches };
      values.weight = { ...values.weight, value: pounds };
      const body = addPatientBody(values, 'clinic', 'uuid-1');
      const stored = testPatient({ Height: Number(body.Height), Weight: Number(body.Weight) });
      const reopened = initialPatientValues(stored, 'en-US');
      expect(reopened.weight.value).toBe(pounds);
      expect(reopened.height).toMatchObject({ feet, inches });
    }
  });

  it('sends clinics for admin and clinician, clinicians for clinic and admin', () => {
    const values = { ...blank, clinicIds: ['c1', 'c2'], clinicianIds: ['k1'] };
    expect(addPatientBody(values, 'clinician', 'u')).toMatchObject({ ClinicIDs: 'c1,c2' });
    expect(addPatientBody(values, 'clinician', 'u')).not.toHaveProperty('ClinicianIDs');
    expect(addPatientBody(values, 'clinic', 'u')).toMatchObject({ ClinicianIDs: 'k1' });
    expect(addPatientBody(values, 'clinic', 'u')).not.toHaveProperty('ClinicIDs');
    expect(addPatientBody(values, 'admin', 'u')).toMatchObject({ ClinicIDs: 'c1,c2', ClinicianIDs: 'k1' });
  });

  it('sends credentials only when the box is ticked', () => {
    const credentials = { enabled: false, username: 'ada', password: 'secret-123', hint: '' };
    expect(addPatientBody({ ...blank, credentials }, 'admin', 'u')).not.toHaveProperty('Username');
    expect(addPatientBody({ ...blank, credentials: { ...credentials, enabled: true } }, 'admin', 'u')).toMatchObject({
      Username: 'ada',
      Password: 'secret-123',
    });
  });
});

describe('updatePatientBody', () => {
  it('sends the record id, the given id and the DateModified the edit started from', () => {
    const patient = testPatient({
      UniquePatientID: 'u7',
      GivenPatientID: 'GP-7',
      DateModified: '2026-02-02T10:00:00.000Z',
      ICD: 'G20',
      Height: 170,
      Weight: 60,
    });
    const body = updatePatientBody(initialPatientValues(patient, 'en-GB'), 'admin', patient);
    expect(body).toMatchObject({
      ID: 'u7',
      GivenPatientID: 'GP-7',
      DateModified: '2026-02-02T10:00:00.000Z',
      ICD: 'G20',
      Height: 170,
      Weight: 60,
    });
  });

  it('sends a height and weight the user did not change as stored, in every unit the form shows', () => {
    const patient = testPatient({ Height: 170, Weight: 70.00000747 });
    const inFeet = initialPatientValues(patient, 'en-US');
    expect(inFeet.height).toMatchObject({ feet: 5, inches: 6.9291 });
    expect(updatePatientBody(inFeet, 'clinic', patient)).toMatchObject({ Height: 170, Weight: 70.00000747 });
    const switched = {
      ...inFeet,
      height: withHeightUnit(inFeet.height, 'cm'),
      weight: withWeightUnit(inFeet.weight, 'kg'),
    };
    expect(switched.height.cm).toBe(169.9999);
    expect(updatePatientBody(switched, 'clinic', patient)).toMatchObject({ Height: 170, Weight: 70.00000747 });
    // A changed value is sent as entered.
    const changed = { ...inFeet, height: { ...inFeet.height, inches: 7 }, weight: { ...inFeet.weight, value: 150 } };
    const body = updatePatientBody(changed, 'clinic', patient);
    expect(body.Height).toBeCloseTo(170.18, 10);
    expect(body.Weight).toBeCloseTo(68.0388555, 10);
  });
});

describe('form units and ratings', () => {
  it('converts the shown value when the unit changes, to 4 decimals', () => {
    expect(withWeightUnit({ unit: 'kg', value: 70 }, 'lb')).toEqual({ unit: 'lb', value: 154.3236 });
    expect(withHeightUnit({ unit: 'cm', cm: 180, feet: 0, inches: 0 }, 'ft-in')).toMatchObject({
      feet: 5,
      inches: 10.8661,
    });
    expect(withHeightUnit({ unit: 'ft-in', cm: 0, feet: 6, inches: 0 }, 'cm')).toMatchObject({ cm: 182.88 });
  });

  it('resets the ratings to one blank per ICF when the ICFs change', () => {
    const values = { ...initialPatientValues(undefined, 'en-GB'), icf: ['b280'], ratings: ['3'] };
    expect(withIcfs(values, ['b280', 'd450']).ratings).toEqual(['', '']);
  });

  it('shows an existing patient in US units for en-US', () => {
    const values = initialPatientValues(testPatient({ Height: 170.18, Weight: 68.0389 }), 'en-US');
    expect(values.height).toMatchObject({ unit: 'ft-in', feet: 5, inches: 7 });
    expect(values.weight.unit).toBe('lb');
    // 150 lb was stored as 68.0389 kg (4 decimals), so it comes back a hair over.
    expect(values.weight.value).toBeCloseTo(150, 3);
  });
});
