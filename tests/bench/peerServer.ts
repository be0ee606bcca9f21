import { createHash, createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

/**
 * The minimal competent peer of the clinician's session page, the same-run baseline of tests/bench/serverScale.ts:
 * Fastify and better-sqlite3 on the product's own data file (DATA_DIR), doing what the page must — the token looked
 * up by its hash, the product's own scoped query (the statement the product runs, captured), the clinicians' names,
 * JSON, brotli at quality 3 and one HMAC-chained audit row committed (synchronous=FULL, as the product's) before the
 * answer leaves — and nothing else: no schema validation, hooks, cursor, clinic names or query builder.
 */
const db = new Database(path.join(process.env.DATA_DIR ?? 'data', 'gait-portal.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('cache_size = -65536');
const audit = new Database(path.join(process.env.DATA_DIR ?? 'data', 'peer-audit.sqlite'));
audit.pragma('journal_mode = WAL');
audit.pragma('synchronous = FULL');
audit.exec('create table if not exists audit (id integer primary key, at, user_id, action, target, prev_hash, hash)');
const key = randomBytes(32);
const token = db.prepare(
  'select user_id, role, expires_at, revoked_at from access_tokens where token_hash = ? and role = ?',
);
const FILES = `(select sum(case f.kind when 'jointData' then 1 when 'gaitMetrics' then 2 when 'clinicFormat' then 4
  when 'video' then 8 when 'blurredVideo' then 16 when 'originalRecording' then 32 when 'motion' then 64 else 0 end)
  from session_files f where f.sub_session_id = ss.id)`;
const page = db.prepare(`select ss.id, ss.session_id, ss.sub_session_number, ss.date_time, ss.test_id,
  ss.date_modified, s.session_number, p.id as patientId, p.given_patient_id, p.forename, p.surname,
  ss.clinician_id as clinicianId, ${FILES} as files
  from sub_sessions ss join sessions s on s.id = ss.session_id join patients p on p.id = s.patient_id
  where ss.deleted_at is null and p.deleted_at is null and p.id in (select patient_id from patient_clinicians
  where clinician_id = ? union all select patient_id from patient_clinics where clinic_id in
  (select clinic_id from clinician_clinics where clinician_id = ?)) order by s.patient_id, ss.id limit ?`);
const names = db.prepare('select id, forename, surname from clinicians where id in (select value from json_each(?))');
const last = audit.prepare('select hash from audit order by id desc limit 1').pluck();
const insert = audit.prepare(
  'insert into audit (at, user_id, action, target, prev_hash, hash) values (?, ?, ?, ?, ?, ?)',
);
const chain = audit.transaction((at: string, user: string, target: string) => {
  const prev = (last.get() as string | undefined) ?? '0'.repeat(64);
  const hash = createHmac('sha256', key)
    .update(JSON.stringify([at, user, target, prev]))
    .digest('hex');
  insert.run(at, user, 'sessions.list', target, prev, hash);
});

type Row = { patientId: string; clinicianId: string } & Record<string, unknown>;
const app = Fastify({ logger: false });
app.get('/api/sessions', (request, reply) => {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const found = token.get(createHash('sha256').update(bearer).digest('hex'), 'clinician') as
    { user_id: string; expires_at: string; revoked_at: string | null } | undefined;
  const now = new Date().toISOString();
  if (found === undefined || found.revoked_at !== null || found.expires_at <= now) return reply.code(401).send();
  const limit = Math.min(5000, Number((request.query as { limit?: string }).limit ?? 1000));
  const rows = page.all(found.user_id, found.user_id, limit) as Row[];
  const ids = [...new Set(rows.map((r) => r.clinicianId))];
  const named = new Map(
    (names.all(JSON.stringify(ids)) as { id: string; forename: string; surname: string }[]).map((c) => [
      c.id,
      `${c.forename} ${c.surname}`,
    ]),
  );
  const sessions = rows.map((r) => ({ ...r, ClinicianName: named.get(r.clinicianId) ?? '' }));
  chain(now, found.user_id, JSON.stringify([...new Set(rows.map((r) => r.patientId))]));
  const body = zlib.brotliCompressSync(JSON.stringify({ sessions }), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 },
  });
  return reply.header('content-type', 'application/json').header('content-encoding', 'br').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
