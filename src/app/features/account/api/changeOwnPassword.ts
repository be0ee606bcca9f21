import { useMutation } from '@tanstack/react-query';
import { mutationResultSchema, type MutationResult } from '#shared/api/results';
import type { UserType } from '#shared/auth/userTypes';
import { sendPost } from '#app/lib/apiCall';
import { loginStore } from '#app/lib/storedLogin';

export type PasswordOwner = Exclude<UserType, 'admin'>;

type PasswordChange = { owner: PasswordOwner; current: string; password: string };

/** The clinic's login is its admin account, hence the different field (docs/spec.md §7); all three prove the current one. */
function sendPasswordChange({ owner, current, password }: PasswordChange) {
  const proof = { UserType: owner, CurrentPassword: current };
  switch (owner) {
    case 'patient':
      return sendPost('updateOwnPasswordAsPatient', { ...proof, NewPassword: password });
    case 'clinician':
      return sendPost('updateOwnPasswordAsClinician', { ...proof, NewPassword: password });
    case 'clinic':
      return sendPost('updateOwnPasswordAsClinic', { ...proof, NewAdminPassword: password });
  }
}

async function changeOwnPassword(change: PasswordChange): Promise<MutationResult> {
  const json: unknown = await sendPasswordChange(change).json();
  const result = mutationResultSchema.parse(json);
  const login = loginStore.read();
  // What this device keeps for the user opens offline with the new password from now on.
  if (result.result === 'success' && Number(result.returnValue ?? 0) === 0 && login) {
    await import('#app/lib/vault/openVault').then((vault) => vault.addVaultPassword(login, change.password));
  }
  return result;
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: changeOwnPassword,
  });
}
