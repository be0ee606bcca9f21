import { KIND_NAMES, SIDE_NAMES } from './jointDataPlateEvents.ts';
import { seconds } from './gaitUnits.ts';
import type { PlateEventRecord } from './metricsFileSchema.ts';
import { PLATE_SOURCE, type UsedPlateEvent } from './plateEvents.ts';

/** Four decimals, as every time of the metrics file: a tenth of a millisecond. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** A plate event as the metrics file stores it. */
export function plateEventRecord(event: UsedPlateEvent): PlateEventRecord {
  return {
    Side: SIDE_NAMES[event.side] as PlateEventRecord['Side'],
    Event: KIND_NAMES[event.kind] as PlateEventRecord['Event'],
    Time_s: round(event.time),
    Plate: event.plate,
    Source: PLATE_SOURCE,
    ReplacedKinematic_s: event.kinematicTime === null ? null : round(event.kinematicTime),
  };
}

/** The stored record read back as the engine's plate event. */
export function plateEventFromRecord(record: PlateEventRecord): UsedPlateEvent {
  return {
    side: record.Side === 'Left' ? 'left' : 'right',
    kind: record.Event === 'HeelStrike' ? 'heelStrike' : 'toeOff',
    time: seconds(record.Time_s),
    plate: record.Plate,
    kinematicTime: record.ReplacedKinematic_s === null ? null : seconds(record.ReplacedKinematic_s),
  };
}
