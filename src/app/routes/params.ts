import { isUserType, type UserType } from '#shared/auth/userTypes';

/** `$type` segments match only the four login types; anything else falls through to not-found. */
export const userTypeParams = {
  parse: ({ type }: { type: string }): { type: UserType } | false => (isUserType(type) ? { type } : false),
  stringify: ({ type }: { type: UserType }): { type: string } => ({ type }),
};

export type RedirectSearch = { redirect?: string };

/** The page a logged-out visitor asked for, carried through the login screens (docs/spec.md §4). */
export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}
