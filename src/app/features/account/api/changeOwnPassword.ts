import { useMutation } from '@tanstack/react-query';
import { mutationResultSchema, type MutationResult } from '#shared/api/results';
import type { UserType } from '#shared/auth/userTypes';
import { api } from '#app/lib/api';

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
  return mutationResultSchema.parse(json);
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: changeOwnPassword,
  });
}
