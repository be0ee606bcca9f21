import { useMutation } from '@tanstack/react-query';
import { mutationResultSchema, type MutationResult } from '#shared/api/results';
import type { UserType } from '#shared/auth/userTypes';
import { api } from '#app/lib/api';

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
  return mutationResultSchema.parse(json);
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: ({ owner, password }: { owner: PasswordOwner; password: string }) => changeOwnPassword(owner, password),
  });
}
