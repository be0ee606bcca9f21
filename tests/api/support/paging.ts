import type { DbKind } from '#server/db/connect';
import { apiClient, type Session } from './client.ts';
import { startTestApp, type TestApp } from './testApp.ts';

/** A paged listing's answer, as far as walking it needs. */
type Paged = { nextCursor: string | null };

/** The paging suites' app: the admin, who sees every record, and the demo clinic, who sees its own. */
export async function pagingApp(
  kind: DbKind,
): Promise<{ t: TestApp; api: ReturnType<typeof apiClient>; admin: Session; clinic: Session }> {
  const t = await startTestApp(kind);
  const api = apiClient(t.app);
  const [admin, clinic] = await Promise.all([api.login('admin'), api.login('clinic')]);
  return { t, api, admin, clinic };
}

/**
 * Every page of a listing, as the app's sync follows them: `page` reads one for a query, the first without a
 * cursor; `between` runs before each next page (e.g. a write made while a client pages).
 */
export async function allPages<P extends Paged>(
  page: (query: Record<string, string>) => Promise<P>,
  query: Record<string, string>,
  between?: () => Promise<void>,
): Promise<P[]> {
  const pages = [await page(query)];
  for (let last = pages[0]; last?.nextCursor; last = pages.at(-1)) {
    await between?.();
    pages.push(await page({ ...query, cursor: last.nextCursor }));
  }
  return pages;
}
