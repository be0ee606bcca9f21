import { canProduceReport, type Session } from '#shared/sessions/session';
import { SESSION_MESSAGES } from './sessionMessages.ts';

/** docs/spec.md §9 report types the browser starts; the multi-patient report is started elsewhere. */
export type SessionReportType = 'session' | 'multi-session';

export type ReportSelection = { ok: true; sessions: Session[] } | { ok: false; message: string };

/**
 * docs/spec.md §4/§5: selected sessions that cannot produce a report are dropped first (their data may have gone since they
 * were ticked); then a single-session report needs exactly one, a multi-session report at least one.
 */
export function checkReportSelection(type: SessionReportType, selected: readonly Session[]): ReportSelection {
  const sessions = selected.filter(canProduceReport);
  switch (type) {
    case 'session':
      if (sessions.length === 0) return { ok: false, message: SESSION_MESSAGES.selectSingle };
      if (sessions.length > 1) return { ok: false, message: SESSION_MESSAGES.selectOnlySingle };
      return { ok: true, sessions };
    case 'multi-session':
      if (sessions.length === 0) return { ok: false, message: SESSION_MESSAGES.selectAtLeastOne };
      return { ok: true, sessions };
  }
}

/** The selected sessions still in the list, in list order; ids of sessions that left the mirror are forgotten. */
export function selectedSessions(rows: readonly Session[], selectedIds: ReadonlySet<string>): Session[] {
  if (selectedIds.size === 0) return [];
  return rows.filter((session) => selectedIds.has(session.SubSessionID));
}

/** Footer buttons (docs/spec.md §2): single only with exactly one session selected, multi with at least one. */
export const reportButtonsEnabled = (count: number) => ({ single: count === 1, multi: count >= 1 });

export const selectionCountText = (count: number): string =>
  `${String(count)} session${count === 1 ? '' : 's'} selected`;
