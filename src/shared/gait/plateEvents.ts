import type { Side } from './gaitSide.ts';
import { seconds, type Seconds } from './gaitUnits.ts';
import type { FootContacts } from './stanceFootprints.ts';

export type PlateEventKind = 'heelStrike' | 'toeOff';

/**
 * A heel strike or toe off read off a force plate (formats/plateContacts.ts): the moment the plate's vertical force
 * rose through, or fell back through, the contact threshold under one foot alone. Seconds on the recording's clock.
 */
export type PlateEvent = { side: Side; kind: PlateEventKind; time: Seconds; plate: number };

/** A plate event as the engine used it: the kinematic event it stood in for, or null if it found none near it. */
export type UsedPlateEvent = PlateEvent & { kinematicTime: Seconds | null };

/** What every reader calls the source of plate events, in files and on screen. */
export const PLATE_SOURCE = 'force plate';

/**
 * A plate event stands in for the kinematic event of the same foot and kind found within this share of a stride:
 * the markers' events lie within a few hundredths of a second of the plate's (O'Connor et al. 2007), and the same
 * foot's next event of that kind is a whole stride away.
 */
const MATCH_STRIDE_SHARE = 0.25;

/**
 * The force plates are the ground truth where they saw the foot (as a gait laboratory takes them): each kinematic
 * heel strike or toe off that a plate event of the same foot lies near is moved to the plate's time, before the
 * steps and cycles are built, so that every temporal measure of those cycles uses it. `contacts` and the plate
 * events are in bout seconds (`start` is the bout's first time on the recording clock). Plate events with no
 * kinematic event near them change nothing; they are still reported.
 */
export function withPlateEvents(
  contacts: Record<Side, FootContacts>,
  plateEvents: readonly PlateEvent[],
  start: number,
  strideSeconds: number,
): { contacts: Record<Side, FootContacts>; used: UsedPlateEvent[] } {
  const window = MATCH_STRIDE_SHARE * strideSeconds;
  const out = {
    left: copy(contacts.left),
    right: copy(contacts.right),
  };
  const used = plateEvents.map((event): UsedPlateEvent => {
    const foot = out[event.side];
    const field = event.kind === 'heelStrike' ? 'heelStrikes' : 'toeOffs';
    const target = event.time - start;
    const list = foot[field];
    let nearest = -1;
    for (let i = 0; i < list.length; i++) {
      const gap = Math.abs((list[i] ?? Infinity) - target);
      if (gap <= window && (nearest < 0 || gap < Math.abs((list[nearest] ?? Infinity) - target))) nearest = i;
    }
    if (nearest < 0) return { ...event, kinematicTime: null };
    const kinematic = list[nearest] ?? target;
    list[nearest] = target;
    const stanceField = event.kind === 'heelStrike' ? 'heelStrike' : 'toeOff';
    for (const stance of foot.stances) if (stance[stanceField] === kinematic) stance[stanceField] = target;
    return { ...event, kinematicTime: seconds(kinematic + start) };
  });
  return { contacts: out, used };
}

const copy = (contacts: FootContacts): FootContacts => ({
  heelStrikes: [...contacts.heelStrikes],
  toeOffs: [...contacts.toeOffs],
  stances: contacts.stances.map((stance) => ({ ...stance })),
});
