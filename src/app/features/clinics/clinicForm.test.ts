import { describe, expect, it } from 'vitest';
import { addClinicBody, clinicBodyProblem, clinicFormFrom, emptyClinicForm, updateClinicBody } from './clinicForm.ts';
import { testClinic } from './testClinic.ts';

const ID = '0d4b9a77-1f0e-4f3a-8d7c-5c3c2d1e0f99';
const filled = { ...clinicFormFrom(testClinic()), clinicType: 'Gym' as const };

describe('clinic form', () => {
  it('maps the clinic type to its group on add (docs/spec.md §9)', () => {
    expect(addClinicBody(filled, ID)).toMatchObject({
      ClinicGroupName: 'Gyms',
      ClinicID: ID,
      ClinicOrgCompName: 'Riverside Gait Laboratory',
    });
    expect(addClinicBody({ ...filled, clinicType: 'Developer' }, ID).ClinicGroupName).toBe('Developers');
  });

  it('sends admin credentials only when ticked, and no group or hint on update', () => {
    const credentials = { enabled: false, username: 'river', password: 'long-enough', hint: 'h' };
    const withLogin = { ...filled, credentials };
    expect(addClinicBody(withLogin, ID)).toMatchObject({ AdminUsername: '', AdminPassword: '', AdminHint: '' });
    expect(addClinicBody({ ...withLogin, credentials: { ...credentials, enabled: true } }, ID)).toMatchObject({
      AdminUsername: 'river',
      AdminHint: 'h',
    });
    const update = updateClinicBody(withLogin, testClinic());
    expect(update).toMatchObject({ ID: 'k-1', DateModified: '2026-01-02T03:04:05.000Z' });
    expect(update).not.toHaveProperty('ClinicGroupName');
    expect(update).not.toHaveProperty('AdminHint');
  });

  it("reports the missing field in the server's words, named by the form's label", () => {
    expect(clinicBodyProblem(addClinicBody({ ...filled, ClinicContactNumber: ' ' }, ID))).toBe(
      'Contact Number not specified',
    );
    expect(clinicBodyProblem(addClinicBody(emptyClinicForm(), ID))).toBe('Organisation Name not specified');
    expect(clinicBodyProblem(addClinicBody(filled, ID))).toBeUndefined();
  });
});
