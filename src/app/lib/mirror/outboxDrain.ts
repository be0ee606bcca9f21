import { withMirrorDb } from './db.ts';
import { listsChangedBy } from './outboxPolicy.ts';
import { claimEntry, sendEntry, settleEntry } from './outboxSend.ts';
import { sendableNow } from './outboxState.ts';
import { liveSenders } from './outboxSender.ts';
import { refreshLists } from './outboxRefresh.ts';
import { hasReadableEntries, sealLeftovers } from './sealLeftovers.ts';
import type { MirrorList } from './lists.ts';

export type DrainReport = { sent: number; failed: number; conflicts: number; stoppedOffline: boolean };

const LOCK_NAME = 'gait-outbox';

let running: Promise<DrainReport> | undefined;
let again = false;

/**
 * Sends what the outbox holds, oldest first (docs/design.md Data flow 4). One drainer at a time across tabs through the
 * Web Locks API; browsers without it rely on the per-entry claim (outboxSend.ts), which alone already prevents a
 * double send. A call while this tab drains asks for one more pass instead of starting a second drainer, also when
 * the pass under way stopped offline: the call may be the `online` event that arrived while that pass's request
 * failed, and the next chance would otherwise be the 30 s timer.
 */
export function drainOutbox(): Promise<DrainReport> {
  if (running) {
    again = true;
    return running;
  }
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const drain = async (): Promise<DrainReport> => {
    let report: DrainReport;
    do {
      again = false;
      report = await drainOnce();
    } while (again);
    return report;
  };
  const started = locks ? locks.request(LOCK_NAME, drain) : drain();
  running = started.finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * Passes over the outbox until one sends nothing: each pass reads it once (not once per entry, which a long queue
 * after a day offline would make quadratic); a record's next entry becomes sendable in the pass after its predecessor.
 */
async function drainOnce(): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, failed: 0, conflicts: 0, stoppedOffline: false };
  const changed = new Set<MirrorList>();
  try {
    let sentInPass: number;
    do {
      sentInPass = 0;
      let entries = await withMirrorDb((db) => db.outbox.toArray());
      // Entries an earlier release stored readable are sealed before anything is sent.
      if (hasReadableEntries(entries)) {
        await withMirrorDb(sealLeftovers);
        entries = await withMirrorDb((db) => db.outbox.toArray());
      }
      const alive = await liveSenders();
      for (const next of sendableNow(entries, Date.now(), alive)) {
        if (next.seq === undefined) continue;
        const claimed = await claimEntry(next.seq);
        if (!claimed) continue;
        const transition = await settleEntry(claimed, await sendEntry(claimed));
        if (transition.kind === 'remove') {
          sentInPass += 1;
          for (const list of listsChangedBy(claimed.call)) changed.add(list);
        } else if (transition.kind === 'fail') report.failed += 1;
        else if (transition.kind === 'conflict') report.conflicts += 1;
        else {
          report.stoppedOffline = true;
          break;
        }
      }
      report.sent += sentInPass;
    } while (sentInPass > 0 && !report.stoppedOffline);
  } finally {
    refreshLists(changed);
  }
  return report;
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/**
 * Asks the service worker for a Background Sync 'outbox' event where the browser has one (Chromium); Safari has
 * none, so the page-side triggers remain the main path. The worker answers the event with an 'outbox-sync' message.
 */
export function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration?: SyncRegistration) => registration?.sync?.register('outbox'))
    .catch(() => undefined);
}
