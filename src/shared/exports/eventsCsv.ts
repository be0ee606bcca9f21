import type { GaitEvents, Side } from '../gait/gaitResult.ts';
import { csvText, type CsvValue } from './csvText.ts';
import { SESSION_COLUMNS, sessionCells, type SessionExport } from './sessionExport.ts';

export const EVENTS_CSV_HEADER = [...SESSION_COLUMNS, 'bout', 'side', 'event', 'time_s'] as const;

/**
 * events.csv: one row per heel strike and per toe off the engine found, in time order within each session; times
 * in seconds on the recording's clock (the joint data file's Timestamp ÷ 1000).
 */
export function eventsCsv(sessions: readonly SessionExport[]): string {
  const rows: CsvValue[][] = [];
  for (const session of sessions) {
    const events = session.analysis.bouts.flatMap((bout) =>
      bout.status === 'ok' ? boutEvents(bout.bout, bout.events) : [],
    );
    events.sort((a, b) => a.time - b.time);
    for (const e of events) rows.push([...sessionCells(session), e.bout, e.side, e.event, e.time]);
  }
  return csvText(EVENTS_CSV_HEADER, rows);
}

type GaitEvent = { bout: number; side: Side; event: 'heel strike' | 'toe off'; time: number };

function boutEvents(bout: number, events: GaitEvents): GaitEvent[] {
  return (['left', 'right'] as const).flatMap((side) => [
    ...events[side].heelStrikes.map((time) => ({ bout, side, event: 'heel strike' as const, time })),
    ...events[side].toeOffs.map((time) => ({ bout, side, event: 'toe off' as const, time })),
  ]);
}
