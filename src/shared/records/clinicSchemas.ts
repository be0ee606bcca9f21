import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypes.ts';
import { CLINIC_GROUPS } from './clinic.ts';
import { baseVersion, clientId, optionalText, requiredText } from './fields.ts';

const GROUPS = Object.values(CLINIC_GROUPS);

const clinicFields = {
  UserType: userTypeSchema.optional(),
  ClinicOrgCompName: requiredText('ClinicOrgCompName', 200),
  ClinicOrgCompAddress: requiredText('ClinicOrgCompAddress', 500),
  ClinicContactForename: requiredText('ClinicContactForename'),
  ClinicContactSurname: requiredText('ClinicContactSurname'),
  ClinicContactNumber: requiredText('ClinicContactNumber', 40),
  ClinicContactEmail: requiredText('ClinicContactEmail', 200),
  AdminUsername: z.string().trim().max(100, 'AdminUsername is too long').optional().default(''),
  AdminPassword: z.string().max(200, 'AdminPassword is too long').optional().default(''),
  Notes: optionalText('Notes', 5000),
};

export const addClinicSchema = z.object({
  ...clinicFields,
  ClinicID: clientId,
  /** Medical, Developers or Gyms, chosen by clinic type Medical, Developer or Gym (spec §9). */
  ClinicGroupName: z.enum(GROUPS as [string, ...string[]], { error: 'ClinicGroupName not specified' }),
  AdminHint: optionalText('AdminHint', 200),
});
export type AddClinicInput = z.input<typeof addClinicSchema>;

export const updateClinicSchema = z.object({ ...clinicFields, ID: requiredText('ID'), DateModified: baseVersion });
export type UpdateClinicInput = z.input<typeof updateClinicSchema>;

export const removeClinicSchema = z.object({ UserType: userTypeSchema.optional(), ClinicID: requiredText('ClinicID') });
