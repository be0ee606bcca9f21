import type { z } from 'zod';
import type { addClinicSchema, updateClinicSchema } from '#shared/records/clinicSchemas';

type ClinicInput = z.output<typeof addClinicSchema> | z.output<typeof updateClinicSchema>;

/** The stored columns the Add and Edit Clinic forms set. */
export const clinicColumns = (input: ClinicInput) => ({
  name: input.ClinicOrgCompName,
  address: input.ClinicOrgCompAddress,
  contact_forename: input.ClinicContactForename,
  contact_surname: input.ClinicContactSurname,
  contact_number: input.ClinicContactNumber,
  contact_email: input.ClinicContactEmail,
  notes: input.Notes,
});
