import { CLINIC_GROUPS, type Clinic, type ClinicType } from '#shared/records/clinic';
import {
  addClinicSchema,
  updateClinicSchema,
  type AddClinicInput,
  type UpdateClinicInput,
} from '#shared/records/clinicSchemas';
import { credentialsProblem } from '#shared/records/fields';
import type { Credentials } from '#app/components/ui/CredentialFields';

export type ClinicFormValues = {
  ClinicOrgCompName: string;
  ClinicOrgCompAddress: string;
  ClinicContactForename: string;
  ClinicContactSurname: string;
  ClinicContactNumber: string;
  ClinicContactEmail: string;
  /** Chosen on add only; it decides the group (docs/spec.md §9: Medical, Developer, Gym → Medical, Developers, Gyms). */
  clinicType: ClinicType;
  Notes: string;
  /** The administrator's login: sent only when the box is ticked (docs/spec.md §5); the hint only when the clinic is added. */
  credentials: Credentials;
};

export const CLINIC_TYPES = Object.keys(CLINIC_GROUPS) as ClinicType[];

export const emptyClinicForm = (): ClinicFormValues => ({
  ClinicOrgCompName: '',
  ClinicOrgCompAddress: '',
  ClinicContactForename: '',
  ClinicContactSurname: '',
  ClinicContactNumber: '',
  ClinicContactEmail: '',
  clinicType: 'Medical',
  Notes: '',
  credentials: { enabled: false, username: '', password: '', hint: '' },
});

export function clinicFormFrom(clinic: Clinic): ClinicFormValues {
  return {
    ...emptyClinicForm(),
    ClinicOrgCompName: clinic.Name,
    ClinicOrgCompAddress: clinic.Address,
    ClinicContactForename: clinic.ContactForename,
    ClinicContactSurname: clinic.ContactSurname,
    ClinicContactNumber: clinic.ContactNumber,
    ClinicContactEmail: clinic.ContactEmail,
    Notes: clinic.Notes,
    credentials: { enabled: false, username: clinic.AdminUsername, password: '', hint: '' },
  };
}

function commonFields(values: ClinicFormValues) {
  const { credentials } = values;
  return {
    ClinicOrgCompName: values.ClinicOrgCompName,
    ClinicOrgCompAddress: values.ClinicOrgCompAddress,
    ClinicContactForename: values.ClinicContactForename,
    ClinicContactSurname: values.ClinicContactSurname,
    ClinicContactNumber: values.ClinicContactNumber,
    ClinicContactEmail: values.ClinicContactEmail,
    Notes: values.Notes,
    // docs/spec.md §5: admin username and password are sent only when the login details are ticked.
    AdminUsername: credentials.enabled ? credentials.username : '',
    AdminPassword: credentials.enabled ? credentials.password : '',
  };
}

export function addClinicBody(values: ClinicFormValues, clinicId: string): AddClinicInput {
  return {
    ...commonFields(values),
    ClinicID: clinicId,
    ClinicGroupName: CLINIC_GROUPS[values.clinicType],
    AdminHint: values.credentials.enabled ? values.credentials.hint : '',
  };
}

/** docs/spec.md §7 updateClinic: the same fields without group and hint. */
export function updateClinicBody(values: ClinicFormValues, clinic: Clinic): UpdateClinicInput {
  return { ...commonFields(values), ID: clinic.ClinicID, DateModified: clinic.DateModified };
}

/** The first problem the server would report, from the same shared schema and credentials rule. */
export function clinicBodyProblem(body: AddClinicInput | UpdateClinicInput, clinic?: Clinic): string | undefined {
  const parsed = 'ID' in body ? updateClinicSchema.safeParse(body) : addClinicSchema.safeParse(body);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  return credentialsProblem(parsed.data.AdminUsername, parsed.data.AdminPassword, !clinic?.AdminUsername);
}
