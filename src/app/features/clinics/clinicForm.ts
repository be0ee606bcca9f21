import { CLINIC_GROUPS, type Clinic, type ClinicType } from '#shared/records/clinic';
import { addClinicSchema, updateClinicSchema, type AddClinicInput, type UpdateClinicInput } from '#shared/records/clinicSchemas';
import { credentialsProblem } from '#shared/records/fields';

export type ClinicFormValues = {
  ClinicOrgCompName: string;
  ClinicOrgCompAddress: string;
  ClinicContactForename: string;
  ClinicContactSurname: string;
  ClinicContactNumber: string;
  ClinicContactEmail: string;
  /** Chosen on add only; it decides the group (spec §9: Medical, Developer, Gym → Medical, Developers, Gyms). */
  clinicType: ClinicType;
  Notes: string;
  withCredentials: boolean;
  AdminUsername: string;
  AdminPassword: string;
  AdminHint: string;
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
  withCredentials: false,
  AdminUsername: '',
  AdminPassword: '',
  AdminHint: '',
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
    AdminUsername: clinic.AdminUsername,
  };
}

/** Spec §4: an account with a username is offered an update of it, one without is offered to add one. */
export const clinicCredentialsLabel = (clinic: Clinic | undefined): string =>
  clinic?.AdminUsername ? 'Update Username and Password' : 'Add Username and Password';

function commonFields(values: ClinicFormValues) {
  return {
    ClinicOrgCompName: values.ClinicOrgCompName,
    ClinicOrgCompAddress: values.ClinicOrgCompAddress,
    ClinicContactForename: values.ClinicContactForename,
    ClinicContactSurname: values.ClinicContactSurname,
    ClinicContactNumber: values.ClinicContactNumber,
    ClinicContactEmail: values.ClinicContactEmail,
    Notes: values.Notes,
    // Spec §5: admin username and password are sent only when the login details are ticked.
    AdminUsername: values.withCredentials ? values.AdminUsername : '',
    AdminPassword: values.withCredentials ? values.AdminPassword : '',
  };
}

export function addClinicBody(values: ClinicFormValues, clinicId: string): AddClinicInput {
  return {
    ...commonFields(values),
    ClinicID: clinicId,
    ClinicGroupName: CLINIC_GROUPS[values.clinicType],
    AdminHint: values.withCredentials ? values.AdminHint : '',
  };
}

/** Spec §7 updateClinic: the same fields without group and hint. */
export function updateClinicBody(values: ClinicFormValues, clinic: Clinic): UpdateClinicInput {
  return { ...commonFields(values), ID: clinic.ClinicID, DateModified: clinic.DateModified };
}

/** The first problem the server would report, from the same shared schema and credentials rule. */
export function clinicBodyProblem(body: AddClinicInput | UpdateClinicInput, clinic?: Clinic): string | undefined {
  const parsed = 'ID' in body ? updateClinicSchema.safeParse(body) : addClinicSchema.safeParse(body);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  return credentialsProblem(parsed.data.AdminUsername, parsed.data.AdminPassword, !clinic?.AdminUsername);
}
