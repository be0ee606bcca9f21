import type { Session } from '#shared/sessions/session';

/** What a pass over the sessions waiting to be kept needs; the app gives the real ones, tests their own. */
export type PendingKeepSteps = {
  online(): boolean;
  pending(): Promise<Session[]>;
  /** Keeps one session's files on the device; false if it could not (the network, the server). */
  keep(session: Session): Promise<boolean>;
  drop(session: Session): Promise<void>;
  kept(session: Session): void;
};

/** After a failed keep, the next try comes this long after, while the app stays online. */
const PENDING_KEEP_RETRY_MS = 15_000;

/**
 * Keeps what was asked for offline, one session after another. A call while a pass runs is not dropped: it makes
 * one more pass when this one ends (an `online` event often arrives while a pass is still failing offline). A pass
 * that fails tries again after a delay, so a keep waits neither for the next `online` event nor for a reload.
 */
export function pendingKeepRunner(steps: PendingKeepSteps, retryMs = PENDING_KEEP_RETRY_MS) {
  let running: Promise<void> | null = null;
  let again = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function pass(): Promise<boolean> {
    if (!steps.online()) return true;
    for (const session of await steps.pending()) {
      if (!(await steps.keep(session).catch(() => false))) return false;
      await steps.drop(session);
      steps.kept(session);
    }
    return true;
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(retry);
    running = (async () => {
      try {
        let done: boolean;
        do {
          again = false;
          done = await pass().catch(() => false);
        } while (again);
        if (!done) retry = setTimeout(() => void run(), retryMs);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return { run, stop: () => clearTimeout(retry) };
}
