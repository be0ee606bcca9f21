import { useMutation } from '@tanstack/react-query';
import { mutationResultSchema, type MutationResult } from '#shared/api/results';
import type { UserType } from '#shared/auth/userTypes';
import { api } from '#app/lib/api';
import { loginStore } from '#app/lib/storedLogin';

export type PasswordOwner = Exclude<UserType, 'admin'>;

/** The clinic's login is its admin account, hence the different field (spec §7). */
function passwordRequest(type: PasswordOwner, password: string): { path: string; body: object } {
  switch (type) {
    case 'patient':
      return { path: '/api/updateOwnPasswordAsPatient', body: { UserType: type, NewPassword: password } };
    case 'clinician':
      return { path: '/api/updateOwnPasswordAsClinician', body: { UserType: type, NewPassword: password } };
    case 'clinic':
      return { path: '/api/updateOwnPasswordAsClinic', body: { UserType: type, NewAdminPassword: password } };
  }
}

export async function changeOwnPassword(type: PasswordOwner, password: string): Promise<MutationResult> {
  const { path, body } = passwordRequest(type, password);
  const json: unknown = await api.post(path, { json: body }).json();
  const result = mutationResultSchema.parse(json);
  const login = loginStore.read();
  // What this device keeps for the user opens offline with the new password from now on.
  if (result.result === 'success' && Number(result.returnValue ?? 0) === 0 && login) {
    await import('#app/lib/vault/openVault').then((vault) => vault.addVaultPassword(login, password));
  }
  return result;
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: ({ owner, password }: { owner: PasswordOwner; password: string }) => changeOwnPassword(owner, password),
  });
}
