import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';

/** Channel on which a request waiting for an upload asks its holder, on any instance, to let go. */
const RELEASE_CHANNEL = 'tus_upload_release';
const RETRY_MS = 50;
/** The holder is asked again every so many tries, in case it missed the first notice. */
const ASK_EVERY = 20;
/** As long as @tus/server's own MemoryLocker waits before answering that the upload is busy. */
const ACQUIRE_TIMEOUT_MS = 30_000;

export type ClosableLocker = Locker & { close(): Promise<void> };

/** The advisory lock's 64-bit key for an upload id (PostgreSQL's own string hash, the same on every instance). */
const KEY = 'hashtextextended($1, 0)';

/**
 * The tus lock across instances: a PATCH (or HEAD, DELETE) holds a PostgreSQL session-level advisory lock on its
 * upload while it touches the store, so two instances behind a load balancer never write one upload at once. Why
 * advisory locks: they live in the database every instance already shares; they belong to a connection, so an
 * instance that is killed (SIGKILL, power loss) drops its locks with its connections and the upload is never left
 * locked, with no lease or timeout to tune; and they need no table or extra service. A waiting request asks the
 * holder to let go (LISTEN/NOTIFY), as the tus protocol wants: a client that resumes after a cut must not wait for
 * its own stale request to time out on another instance. Locks use their own small pool, so uploads waiting for a
 * lock never starve the API's queries of connections.
 */
export function pgUploadLocker(url: string): ClosableLocker {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', (error) => process.emitWarning(`PostgreSQL connection of the upload locks lost: ${error.message}`));
  const held = new Map<string, RequestRelease>();
  let listener: Promise<() => void> | undefined;

  const listen = () =>
    (listener ??= (async () => {
      const client = await pool.connect();
      // Released once: a lost connection can report more than one error, and one may come after close() released
      // it; a second release() throws, outside any request, and would end the process.
      let released = false;
      const release = (error?: boolean) => {
        if (released) return;
        released = true;
        client.release(error);
      };
      client.on('notification', (message) => {
        if (message.payload !== undefined) void held.get(message.payload)?.();
      });
      client.on('error', () => {
        listener = undefined;
        release(true);
      });
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      return () => release();
    })());

  function newLock(id: string): Lock {
    let client: pg.PoolClient | undefined;
    return {
      async lock(stop, requestRelease) {
        await listen();
        const connection = await pool.connect();
        const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
        try {
          for (let attempt = 0; ; attempt += 1) {
            const { rows } = await connection.query<{ locked: boolean }>(
              `SELECT pg_try_advisory_lock(${KEY}) AS locked`,
              [id],
            );
            if (rows[0]?.locked === true) break;
            if (attempt % ASK_EVERY === 0) await connection.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
            if (stop.aborted || Date.now() > deadline) {
              // tus answers an error by its status_code and body.
              throw Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);
            }
            await sleep(RETRY_MS);
          }
        } catch (error) {
          connection.release();
          throw error;
        }
        client = connection;
        held.set(id, requestRelease);
      },
      async unlock() {
        const connection = client;
        if (connection === undefined) throw new Error('Releasing an upload lock that is not held');
        client = undefined;
        held.delete(id);
        try {
          await connection.query(`SELECT pg_advisory_unlock(${KEY})`, [id]);
          connection.release();
        } catch (error) {
          // A connection whose unlock failed may still hold the lock: closing it is what releases it.
          connection.release(error instanceof Error ? error : true);
        }
      },
    };
  }

  return {
    newLock,
    async close() {
      const release = await listener?.catch(() => undefined);
      release?.();
      await pool.end();
    },
  };
}
