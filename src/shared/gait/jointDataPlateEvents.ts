import type { Side } from './gaitSide.ts';
import { seconds } from './gaitUnits.ts';
import type { PlateEvent, PlateEventKind } from './plateEvents.ts';

/**
 * The joint data file's optional "ForcePlateEvents" (docs/joint-data.md): the heel strikes and toe offs a C3D
 * trial's force plates gave when it was converted, kept with the joints so that every later analysis of the stored
 * file (a report, an export, the viewer) uses them as the first did. Readers that do not know the key ignore it.
 */
export const PLATE_EVENTS_KEY = 'ForcePlateEvents';

const SIDES: Readonly<Record<string, Side>> = { Left: 'left', Right: 'right' };
const KINDS: Readonly<Record<string, PlateEventKind>> = { HeelStrike: 'heelStrike', ToeOff: 'toeOff' };
export const SIDE_NAMES: Readonly<Record<Side, string>> = { left: 'Left', right: 'Right' };
export const KIND_NAMES: Readonly<Record<PlateEventKind, string>> = { heelStrike: 'HeelStrike', toeOff: 'ToeOff' };

/** The key's events, or a sentence saying what is wrong with them. */
export function readPlateEvents(value: unknown): PlateEvent[] | string {
  if (!Array.isArray(value)) return `"${PLATE_EVENTS_KEY}" must be a list of events.`;
  const events: PlateEvent[] = [];
  for (const [i, item] of value.entries()) {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const side = typeof record.Side === 'string' ? SIDES[record.Side] : undefined;
    const kind = typeof record.Event === 'string' ? KINDS[record.Event] : undefined;
    const { Time_s: time, Plate: plate } = record;
    if (
      side === undefined ||
      kind === undefined ||
      typeof time !== 'number' ||
      !(time >= 0 && Number.isFinite(time)) ||
      typeof plate !== 'number' ||
      !Number.isInteger(plate) ||
      plate < 1
    ) {
      return `Force plate event ${String(i + 1)} needs Side (Left or Right), Event (HeelStrike or ToeOff), Time_s (seconds) and Plate (from 1).`;
    }
    events.push({ side, kind, time: seconds(time), plate });
  }
  return events;
}

/** The key and its value as JSON text, times to the microsecond as the frames' timestamps are written. */
export function plateEventsJson(events: readonly PlateEvent[]): string {
  const items = events.map(
    (e) =>
      `{"Side":"${SIDE_NAMES[e.side]}","Event":"${KIND_NAMES[e.kind]}","Time_s":${String(Math.round(e.time * 1e6) / 1e6)},"Plate":${String(e.plate)}}`,
  );
  return `"${PLATE_EVENTS_KEY}":[${items.join(',')}]`;
}
