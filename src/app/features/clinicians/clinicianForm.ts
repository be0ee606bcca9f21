import type { UserType } from '#shared/auth/userTypes';
import type { Clinician } from '#shared/records/clinician';
import {
  addClinicianSchema,
  updateClinicianSchema,
  type AddClinicianInput,
  type UpdateClinicianInput,
} from '#shared/records/clinicianSchemas';
import { credentialsProblem } from '#shared/records/fields';
import type { Credentials } from '#app/components/ui/CredentialFields';
import { splitList } from './clinicianList.ts';

export type ClinicianFormValues = {
  Forename: string;
  Surname: string;
  ContactNumber: string;
  Email: string;
  ClinicIDs: string[];
  ElevatedAccess: boolean;
  /** The 'Add/Update Username and Password' box and fields: credentials are sent only when it is ticked (docs/spec.md §4). */
  credentials: Credentials;
};

export const emptyClinicianForm = (): ClinicianFormValues => ({
  Forename: '',
  Surname: '',
  ContactNumber: '',
  Email: '',
  ClinicIDs: [],
  ElevatedAccess: false,
  credentials: { enabled: false, username: '', password: '', hint: '' },
});

export function clinicianFormFrom(record: Clinician): ClinicianFormValues {
  return {
    ...emptyClinicianForm(),
    Forename: record.Forename,
    Surname: record.Surname,
    ContactNumber: record.ContactNumber,
    Email: record.Email,
    ClinicIDs: splitList(record.ClinicIDs),
    ElevatedAccess: record.ElevatedAccess,
    credentials: { enabled: false, username: record.Username, password: '', hint: record.PasswordHint },
  };
}

/** docs/spec.md §6: only the admin picks clinics and grants elevated access; a clinic adds clinicians to itself. */
export const managesClinicianClinics = (type: UserType): boolean => type === 'admin';

function commonFields(values: ClinicianFormValues, type: UserType, record?: Clinician) {
  const isAdmin = managesClinicianClinics(type);
  const { credentials } = values;
  return {
    Forename: values.Forename,
    Surname: values.Surname,
    ContactNumber: values.ContactNumber,
    Email: values.Email,
    // Unticked: nothing changes on the server; the hint is kept as it was, since the server stores what it gets.
    Username: credentials.enabled ? credentials.username : '',
    Password: credentials.enabled ? credentials.password : '',
    PasswordHint: credentials.enabled ? credentials.hint : (record?.PasswordHint ?? ''),
    ...(isAdmin ? { ClinicIDs: values.ClinicIDs.join(','), ElevatedAccess: values.ElevatedAccess } : {}),
  };
}

export function addClinicianBody(values: ClinicianFormValues, type: UserType, clinicianId: string): AddClinicianInput {
  return { ...commonFields(values, type), ClinicianID: clinicianId };
}

export function updateClinicianBody(
  values: ClinicianFormValues,
  type: UserType,
  record: Clinician,
): UpdateClinicianInput {
  return { ...commonFields(values, type, record), ID: record.ClinicianID, DateModified: record.DateModified };
}

/**
 * The first problem the server would report, found before sending: the same shared schema, plus the
 * credentials rule. A record that already has a username keeps its password when none is typed.
 */
export function clinicianBodyProblem(
  body: AddClinicianInput | UpdateClinicianInput,
  record?: Clinician,
): string | undefined {
  const parsed = 'ID' in body ? updateClinicianSchema.safeParse(body) : addClinicianSchema.safeParse(body);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  return credentialsProblem(parsed.data.Username, parsed.data.Password, !record?.Username);
}
