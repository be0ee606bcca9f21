import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { baseVersion, clientId, credentials, email, idList, optionalText, requiredText } from './fields.ts';

const clinicianFields = {
  UserType: userTypeSchema.optional(),
  Forename: requiredText('Forename'),
  Surname: requiredText('Surname'),
  ContactNumber: optionalText('ContactNumber', 40),
  Email: email('Email'),
  ...credentials,
  ClinicIDs: idList('ClinicIDs'),
  /** Admin only: may watch unblurred video (docs/spec.md §6 video rule). */
  ElevatedAccess: z.boolean().optional(),
};

export const addClinicianSchema = z.object({ ...clinicianFields, ClinicianID: clientId });
export type AddClinicianInput = z.input<typeof addClinicianSchema>;

export const updateClinicianSchema = z.object({
  ...clinicianFields,
  ID: requiredText('ID'),
  DateModified: baseVersion,
});
export type UpdateClinicianInput = z.input<typeof updateClinicianSchema>;

export const removeClinicianSchema = z.object({
  UserType: userTypeSchema.optional(),
  ClinicianID: requiredText('ClinicianID'),
});

export const addClinicianToClinicSchema = z.object({
  UserType: userTypeSchema.optional(),
  clinicianId: requiredText('clinicianId'),
  clinicId: requiredText('clinicId'),
});

export const getClinicFromClinicianSchema = z.object({
  UserType: userTypeSchema.optional(),
  clinicianId: requiredText('clinicianId'),
});
