import type { APIRequestContext } from '@playwright/test';

type Params = Record<string, string>;

/**
 * Every row of a list call. The server answers a page at a time in id order (a thousand rows by default), so a
 * record a test looks for can be on any page once other specs have added enough: follow nextCursor to the end.
 */
export async function allRows<T>(
  request: APIRequestContext,
  url: string,
  key: string,
  options: { params: Params; headers: Params },
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const params: Params = cursor === null ? options.params : { ...options.params, cursor };
    const answer = await request.get(url, { params, headers: options.headers });
    if (!answer.ok()) throw new Error(`${url} answered ${String(answer.status())}`);
    const page = (await answer.json()) as { nextCursor: string | null } & Record<string, unknown>;
    rows.push(...(page[key] as T[]));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rows;
}
