import { plateLoads } from '../c3d/groundReaction.ts';
import { pointTrack } from '../c3d/pointTrack.ts';
import type { C3dFile } from '../c3d/c3dTypes.ts';
import type { PlateEvent } from '../gait/plateEvents.ts';
import { plateContacts, type FootMarkers } from './plateContacts.ts';

export type TrialPlateEvents = { events: PlateEvent[]; warning: string | undefined };

const MILLIMETRES: Readonly<Record<string, number>> = { mm: 1, cm: 10, m: 1000 };

/**
 * The force plate events of a C3D trial whose markers are labelled by role (c3dImport.ts: LHEE, LTOE, LANK, …),
 * or undefined when it has no plate the reader can use. The heel marker outlines the foot's back; a set without one
 * uses the lateral malleolus. The warning tells a clinician how many contacts gave events, and why the others did not.
 */
export function c3dPlateEvents(file: C3dFile, labelled: C3dFile['points']): TrialPlateEvents | undefined {
  const loads = plateLoads(file);
  const millimetres = MILLIMETRES[file.points.units.trim().toLowerCase()];
  if (loads.length === 0 || millimetres === undefined) return undefined;
  const foot = (side: 'L' | 'R'): FootMarkers | undefined => {
    const heel = pointTrack(labelled, `${side}HEE`) ?? pointTrack(labelled, `${side}ANK`);
    const toe = pointTrack(labelled, `${side}TOE`);
    return heel && toe ? { heel, toe } : undefined;
  };
  const [left, right] = [foot('L'), foot('R')];
  if (left === undefined || right === undefined) return undefined;
  const { contacts, events } = plateContacts(loads, { left, right }, file.points.rate, millimetres);
  const clean = contacts.filter((c) => c.rejected === undefined).length;
  const plates = `${String(loads.length)} force plate${loads.length === 1 ? '' : 's'}`;
  const others = contacts.length - clean;
  const warning =
    contacts.length === 0
      ? `The trial's ${plates} recorded no foot contact.`
      : `Gait events from the ${plates}: ${String(clean)} of ${String(contacts.length)} contacts were one foot wholly on a plate` +
        (others === 0
          ? '.'
          : `; the other${others === 1 ? '' : 's'} (a foot partly off the plate, both feet on it, or at the trial's start or end) gave none.`);
  return { events, warning };
}
