import fs from 'node:fs';
import { issueToken } from '#server/auth/tokens';
import { systemClock } from '#server/clock';
import { loadConfig } from '#server/config';
import { connectDatabase } from '#server/db/connect';

/**
 * `tsx tests/bench/mintClinicianTokens.ts <count> <file>`, on a database prepared at scale (the environment names it
 * as the server reads it): access tokens for the `count` clinicians with the most patients, written to `file` as
 * JSON, as if each had logged in. The scale seed's clinicians have no password, and the open-loop load (tests/bench/
 * openLoop.ts) is a clinic group's clinicians, each with a token of their own.
 */
const [countArg, file] = process.argv.slice(2);
const config = loadConfig();
const database = connectDatabase(config.database);
try {
  const busiest = await database.db
    .selectFrom('patient_clinicians')
    .select(['clinician_id', (eb) => eb.fn.countAll<number>().as('patients')])
    .groupBy('clinician_id')
    .orderBy('patients', 'desc')
    .orderBy('clinician_id')
    .limit(Number(countArg))
    .execute();
  const policy = { idleSeconds: config.tokenIdleSeconds, absoluteSeconds: config.tokenAbsoluteSeconds };
  const tokens: string[] = [];
  for (const { clinician_id: id } of busiest) {
    tokens.push(await issueToken(database.db, systemClock, policy, { id, role: 'clinician' }));
  }
  fs.writeFileSync(file ?? 'tokens.json', JSON.stringify(tokens));
} finally {
  await database.db.destroy();
}
