import { useMutation } from '@tanstack/react-query';
import { mutationResultSchema, type MutationResult } from '#shared/api/results';
import type { UserType } from '#shared/auth/userTypes';
import { api } from '#app/lib/api';
import { loginStore } from '#app/lib/storedLogin';

export type PasswordOwner = Exclude<UserType, 'admin'>;

export type PasswordChange = { owner: PasswordOwner; current: string; password: string };

/** The clinic's login is its admin account, hence the different field (spec §7); all three prove the current one. */
function passwordRequest({ owner, current, password }: PasswordChange): { path: string; body: object } {
  const proof = { UserType: owner, CurrentPassword: current };
  switch (owner) {
    case 'patient':
      return { path: '/api/updateOwnPasswordAsPatient', body: { ...proof, NewPassword: password } };
    case 'clinician':
      return { path: '/api/updateOwnPasswordAsClinician', body: { ...proof, NewPassword: password } };
    case 'clinic':
      return { path: '/api/updateOwnPasswordAsClinic', body: { ...proof, NewAdminPassword: password } };
  }
}

export async function changeOwnPassword(change: PasswordChange): Promise<MutationResult> {
  const { path, body } = passwordRequest(change);
  const json: unknown = await api.post(path, { json: body }).json();
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
