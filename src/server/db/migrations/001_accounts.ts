import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '#server/db/connect';

/** Accounts, their links, access tokens, login throttling and the hash-chained audit trail. */
export function accountsMigration(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('date_modified', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('clinics')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('contact_forename', 'text', (c) => c.notNull())
        .addColumn('contact_surname', 'text', (c) => c.notNull())
        .addColumn('contact_number', 'text', (c) => c.notNull())
        .addColumn('contact_email', 'text', (c) => c.notNull())
        .addColumn('group_name', 'text', (c) => c.notNull())
        .addColumn('admin_username', 'text', (c) => c.unique())
        .addColumn('admin_password_hash', 'text')
        .addColumn('admin_hint', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('date_modified', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();

      await db.schema
        .createTable('clinicians')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('forename', 'text', (c) => c.notNull())
        .addColumn('surname', 'text', (c) => c.notNull())
        .addColumn('contact_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('username', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('password_hint', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('elevated_access', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date_modified', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();

      await db.schema
        .createTable('patients')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('given_patient_id', 'text', (c) => c.notNull())
        .addColumn('forename', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('surname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('username', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('password_hint', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('group_name', 'text', (c) => c.notNull().defaultTo('Patients'))
        .addColumn('dob', 'text')
        .addColumn('sex', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('height_cm', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('weight_kg', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('application', 'text', (c) => c.notNull())
        .addColumn('icd', 'text')
        .addColumn('icf', 'text')
        .addColumn('ratings', 'text')
        .addColumn('miscs', 'text')
        .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date_modified', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();

      await db.schema
        .createTable('clinician_clinics')
        .addColumn('clinician_id', 'text', (c) => c.notNull().references('clinicians.id').onDelete('cascade'))
        .addColumn('clinic_id', 'text', (c) => c.notNull().references('clinics.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('clinician_clinics_pk', ['clinician_id', 'clinic_id'])
        .execute();
      await db.schema
        .createTable('patient_clinics')
        .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
        .addColumn('clinic_id', 'text', (c) => c.notNull().references('clinics.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('patient_clinics_pk', ['patient_id', 'clinic_id'])
        .execute();
      await db.schema
        .createTable('patient_clinicians')
        .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
        .addColumn('clinician_id', 'text', (c) => c.notNull().references('clinicians.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('patient_clinicians_pk', ['patient_id', 'clinician_id'])
        .execute();
      await db.schema.createIndex('clinician_clinics_clinic').on('clinician_clinics').column('clinic_id').execute();
      await db.schema.createIndex('patient_clinics_clinic').on('patient_clinics').column('clinic_id').execute();
      await db.schema
        .createIndex('patient_clinicians_clinician')
        .on('patient_clinicians')
        .column('clinician_id')
        .execute();
      await db.schema.createIndex('patients_modified').on('patients').column('date_modified').execute();

      await db.schema
        .createTable('access_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('access_tokens_user').on('access_tokens').columns(['role', 'user_id']).execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('first_failure_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      await preventAuditChanges(db, kind);
    },
  };
}

/** The audit trail is append-only in the database itself, not only by convention in the code. */
async function preventAuditChanges(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  switch (kind) {
    case 'sqlite':
      await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
      await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
      return;
    case 'postgres':
      await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
      return;
  }
}
