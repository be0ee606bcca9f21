import { execFileSync } from 'node:child_process';

/**
 * After the whole e2e run, the audit trail the product wrote must still verify (issue: audit:verify passes after
 * the e2e run). Runs the real CLI on the main server's data folder; a broken chain fails the run.
 */
export default function verifyAuditTrail(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is not set');
  const out = execFileSync('npx', ['tsx', 'src/server/main.ts', 'audit:verify'], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  console.log(out.trim());
}
