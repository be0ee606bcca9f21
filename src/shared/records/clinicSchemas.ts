import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { CLINIC_GROUPS } from './clinic.ts';
import { baseVersion, clientId, optionalText, requiredText } from './fields.ts';

const GROUPS = Object.values(CLINIC_GROUPS);

/**
 * Messages name each field as the clinic form labels it ('Organisation Name not specified'), as the patient and
 * clinician messages do: the user reads them beside that form, not the wire name of the field.
 */
const clinicFields = {
  UserType: userTypeSchema.optional(),
  ClinicOrgCompName: requiredText('Organisation Name', 200),
  ClinicOrgCompAddress: requiredText('Address', 500),
  ClinicContactForename: requiredText('Contact Forename'),
  ClinicContactSurname: requiredText('Contact Surname'),
  ClinicContactNumber: requiredText('Contact Number', 40),
  ClinicContactEmail: requiredText('Contact Email', 200),
  AdminUsername: z.string().trim().max(100, 'Admin Username is too long').optional().default(''),
  AdminPassword: z.string().max(200, 'Admin Password is too long').optional().default(''),
  Notes: optionalText('Notes', 5000),
};

export const addClinicSchema = z.object({
  ...clinicFields,
  ClinicID: clientId,
  /** Medical, Developers or Gyms, chosen by clinic type Medical, Developer or Gym (docs/spec.md §9). */
  ClinicGroupName: z.enum(GROUPS as [string, ...string[]], { error: 'Clinic Type not specified' }),
  AdminHint: optionalText('Admin Password Hint', 200),
});
export type AddClinicInput = z.input<typeof addClinicSchema>;

export const updateClinicSchema = z.object({ ...clinicFields, ID: requiredText('ID'), DateModified: baseVersion });
export type UpdateClinicInput = z.input<typeof updateClinicSchema>;

export const removeClinicSchema = z.object({ UserType: userTypeSchema.optional(), ClinicID: requiredText('ClinicID') });
