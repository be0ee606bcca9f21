import type { Kysely } from 'kysely';

/**
 * Adds a nullable text column unless the table has it already, so that a migration run again after a start that
 * stopped before recording it (011_audit_file.test.ts) finds its work done instead of failing.
 */
export async function addTextColumnOnce(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const tables = await db.introspection.getTables();
  const existing = tables.find((t) => t.name === table)?.columns.some((c) => c.name === column) ?? false;
  if (!existing) await db.schema.alterTable(table).addColumn(column, 'text').execute();
}
