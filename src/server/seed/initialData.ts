import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from '#server/auth/passwords';
import type { ServerConfig } from '#server/config';
import type { Db } from '#server/db/connect';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demoPeople.ts';
import { openStorage } from '#server/storage/openStorage';
import { seedDemoData } from './demoSeed.ts';
import { seedDemoSessions } from './demoSessions.ts';

export type StartupNotice = { lines: string[] };

/**
 * On an empty database: outside production, the demo data and its four logins; in production, nothing but the one
 * product administrator, whose password comes from ADMIN_PASSWORD or is generated and shown once.
 */
export async function ensureInitialData(db: Db, config: ServerConfig, now: Date): Promise<StartupNotice> {
  const hasAdmin = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (hasAdmin !== undefined) return { lines: [] };

  if (!config.production) {
    await seedDemoData(db, now);
    const recordings = await seedDemoSessions(db, openStorage(config.storage), now);
    return {
      lines: [
        `Demo data created, with ${String(recordings)} recorded walks. Logins (password ${DEMO_PASSWORD}):`,
        `  admin      ${DEMO_LOGINS.admin}      (at /admin/login)`,
        `  clinic     ${DEMO_LOGINS.clinic}`,
        `  clinician  ${DEMO_LOGINS.clinician}`,
        `  patient    ${DEMO_LOGINS.patient}`,
      ],
    };
  }
  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? randomBytes(18).toString('base64url');
  await db
    .insertInto('admins')
    .values({
      id: randomUUID(),
      username: 'admin',
      password_hash: await hashPassword(password),
      date_modified: now.toISOString(),
    })
    .execute();
  return {
    lines: generated
      ? ['Created the administrator account "admin" with this password (shown once, store it safely):', `  ${password}`]
      : ['Created the administrator account "admin" with the password from ADMIN_PASSWORD.'],
  };
}
