import { describe, expect, it } from 'vitest';
import {
  addClinicianBody,
  clinicianBodyProblem,
  clinicianFormFrom,
  emptyClinicianForm,
  updateClinicianBody,
} from './clinicianForm.ts';
import { testClinician } from './testClinician.ts';

const ID = '5b0c4a86-3f5e-4a39-9c51-0f8f1f7a2b11';

describe('clinician form', () => {
  it('sends credentials only when the box is ticked', () => {
    const credentials = { enabled: false, username: 'ada', password: 'secret-pass', hint: '' };
    const values = { ...emptyClinicianForm(), Forename: 'Ada', Surname: 'Byron', credentials };
    expect(addClinicianBody(values, 'clinic', ID)).toMatchObject({ Username: '', Password: '' });
    expect(addClinicianBody({ ...values, credentials: { ...credentials, enabled: true } }, 'clinic', ID)).toMatchObject(
      { Username: 'ada', Password: 'secret-pass' },
    );
  });

  it('sends clinics and elevated access for the admin only', () => {
    const values = {
      ...emptyClinicianForm(),
      Forename: 'A',
      Surname: 'B',
      ClinicIDs: ['k1', 'k2'],
      ElevatedAccess: true,
    };
    expect(addClinicianBody(values, 'admin', ID)).toMatchObject({ ClinicIDs: 'k1,k2', ElevatedAccess: true });
    expect(addClinicianBody(values, 'clinic', ID)).not.toHaveProperty('ClinicIDs');
    expect(addClinicianBody(values, 'clinic', ID)).not.toHaveProperty('ElevatedAccess');
  });

  it('updates with the id and the version the edit started from, keeping the hint', () => {
    const record = testClinician({ Username: 'ahart', PasswordHint: 'usual', ClinicIDs: 'k1, k2' });
    const values = clinicianFormFrom(record);
    expect(values.ClinicIDs).toEqual(['k1', 'k2']);
    expect(updateClinicianBody(values, 'clinic', record)).toMatchObject({
      ID: 'c-1',
      DateModified: record.DateModified,
      Username: '',
      PasswordHint: 'usual',
    });
  });

  it('finds the problems the server would report', () => {
    const body = addClinicianBody(emptyClinicianForm(), 'clinic', ID);
    expect(clinicianBodyProblem(body)).toBe('Forename not specified');
    const named = (username: string, password: string) => ({
      ...emptyClinicianForm(),
      Forename: 'A',
      Surname: 'B',
      credentials: { enabled: true, username, password, hint: '' },
    });
    expect(clinicianBodyProblem(addClinicianBody(named('', 'long-enough'), 'clinic', ID))).toBe(
      'Password specified without a Username',
    );
    expect(clinicianBodyProblem(addClinicianBody(named('ab', ''), 'clinic', ID))).toBe(
      'Username specified without a Password',
    );
    const record = testClinician({ Username: 'ahart' });
    const ticked = clinicianFormFrom(record);
    ticked.credentials.enabled = true;
    expect(clinicianBodyProblem(updateClinicianBody(ticked, 'clinic', record), record)).toBeUndefined();
  });
});
