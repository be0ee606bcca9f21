import type { Trx } from '#server/http/idempotency';

export type AccountKind = 'patient' | 'clinician' | 'clinic';

async function tombstone(trx: Trx, kind: AccountKind, id: string, version: string): Promise<void> {
  const deleted = { deleted_at: version, date_modified: version };
  switch (kind) {
    case 'patient':
      await trx
        .updateTable('patients')
        .set({ ...deleted, username: null, password_hash: null })
        .where('id', '=', id)
        .execute();
      return;
    case 'clinician':
      await trx
        .updateTable('clinicians')
        .set({ ...deleted, username: null, password_hash: null })
        .where('id', '=', id)
        .execute();
      return;
    case 'clinic':
      await trx
        .updateTable('clinics')
        .set({ ...deleted, admin_username: null, admin_password_hash: null })
        .where('id', '=', id)
        .execute();
      return;
  }
}

/**
 * Deletes a record that is also a login: the row stays as a tombstone (so client mirrors learn of it by delta sync,
 * and its links still say who could see it), its username is freed and every session of the account ends at once.
 */
export async function deleteAccount(trx: Trx, kind: AccountKind, id: string, version: string): Promise<void> {
  await tombstone(trx, kind, id, version);
  await trx
    .updateTable('access_tokens')
    .set({ revoked_at: version })
    .where('role', '=', kind)
    .where('user_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}
