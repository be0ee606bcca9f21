import type { UsedPlateEvent } from '../gait/plateEvents.ts';
import { axisLabel, type ReportModel } from './reportModel.ts';

/** The heading of the report's list of force plate events, the same in the HTML and the PDF. */
export const PLATE_EVENTS_HEADING = 'Gait events from force plates';
export const PLATE_EVENTS_NOTE =
  "Every other heel strike and toe off comes from the markers' motion. Where a force plate saw the foot, its event replaced the one from the markers in that cycle's timing (stride, step, stance, swing and support).";

const SIDES = { left: 'Left', right: 'Right' } as const;
const KINDS = { heelStrike: 'heel strike', toeOff: 'toe off' } as const;

/** One row of the list: the session, the foot and event, its time, the plate, and the markers' time it replaced. */
export type PlateEventRow = { session: string; event: string; time: string; plate: string; replaced: string };
export const PLATE_EVENT_COLUMNS = ['Session', 'Event', 'Time (s)', 'Plate', 'Markers gave (s)'] as const;

/** Every force plate event of the report's sessions, in session order then time; empty when there are none. */
export function plateEventRows(model: ReportModel): PlateEventRow[] {
  return model.sessions.flatMap((s) => {
    const events: readonly UsedPlateEvent[] = s.analysis.status === 'ok' ? (s.analysis.plateEvents ?? []) : [];
    const session = axisLabel(s, 'SessionNumber', model.timeZone);
    return [...events]
      .sort((a, b) => a.time - b.time)
      .map((e) => ({
        session,
        event: `${SIDES[e.side]} ${KINDS[e.kind]}`,
        time: e.time.toFixed(3),
        plate: String(e.plate),
        replaced: e.kinematicTime === null ? 'not used' : e.kinematicTime.toFixed(3),
      }));
  });
}
