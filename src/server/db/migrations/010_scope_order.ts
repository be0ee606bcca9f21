import type { Kysely, Migration } from 'kysely';

/**
 * A clinic's or a clinician's scope is read in patient id order: their session and patient pages walk the scope's
 * patients in id order from the cursor's patient. Indexed by (clinic, patient) and (clinician, patient), a page's
 * share of the scope is one range of the index, already in order, instead of every patient of the clinic read and
 * sorted for each page (10,000 at clinic scale). These indexes serve every lookup the single-column ones served.
 */
export const scopeOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('patient_clinics_clinic_patient')
      .on('patient_clinics')
      .columns(['clinic_id', 'patient_id'])
      .execute();
    await db.schema.dropIndex('patient_clinics_clinic').execute();
    await db.schema
      .createIndex('patient_clinicians_clinician_patient')
      .on('patient_clinicians')
      .columns(['clinician_id', 'patient_id'])
      .execute();
    await db.schema.dropIndex('patient_clinicians_clinician').execute();
  },
};
