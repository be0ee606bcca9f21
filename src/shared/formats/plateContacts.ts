import type { PlateLoad } from '../c3d/groundReaction.ts';
import type { Vector3 } from '../c3d/forcePlatforms.ts';
import { cross, dot, sub, unit } from '../c3d/vector3.ts';
import type { Side } from '../gait/gaitResult.ts';
import { seconds } from '../gait/gaitUnits.ts';
import type { PlateEvent } from '../gait/plateEvents.ts';

/** A foot's markers in the lab frame and POINT:UNITS, frame f at 3f (NaN in gaps): the heel (or ankle) and the toe. */
export type FootMarkers = { heel: Float32Array; toe: Float32Array };

/** Every stretch of load on a plate, and whether it gave events. */
export type PlateContact = {
  plate: number;
  /** Recording seconds the force rose through and fell back through the threshold. */
  from: number;
  to: number;
  side: Side | null;
  /** Why a contact gave no events; undefined for a clean one. */
  rejected: 'trial edge' | 'no foot' | 'both feet' | 'off the edge' | undefined;
};

/** The vertical force that makes a contact (Zeni et al. 2008 and most laboratories use 10–20 N). */
const CONTACT_THRESHOLD_N = 20;
/** Shorter loads are noise around the threshold, not a stance (the shortest stance of running lasts 0.15 s). */
const MIN_CONTACT_S = 0.1;
/**
 * The foot's outline from its markers: from the heel marker to this far beyond the toe marker (on the second
 * metatarsal head, some 40 mm behind the tips of the toes), and this far either side of the line between them
 * (half a forefoot's width).
 */
const TOE_REACH_MM = 40;
const HALF_WIDTH_MM = 40;
/** A marker stands on the floor within this of its lowest height in the trial, and slower than GROUNDED_M_S. */
const GROUNDED_HEIGHT_MM = 30;
const GROUNDED_M_S = 0.6;

/**
 * The contacts on each plate, and a heel strike and toe off for each clean one: a stretch of vertical force above
 * CONTACT_THRESHOLD_N, timed where the force crosses it (interpolated between analog samples), that neither starts
 * with the trial nor ends with it, under one foot alone (at mid-contact exactly one foot stands on the plate, and
 * the other does not stand on it at any frame of the contact) whose outline stays on the plate throughout.
 * `millimetres` is the size of one POINT:UNITS unit in millimetres.
 */
export function plateContacts(
  loads: readonly PlateLoad[],
  feet: Record<Side, FootMarkers>,
  pointRate: number,
  millimetres: number,
): { contacts: PlateContact[]; events: PlateEvent[] } {
  const frames = Math.min(feet.left.toe.length, feet.right.toe.length) / 3;
  const up = verticalAxis(loads[0]);
  const grounded = {
    left: groundedFoot(feet.left, frames, pointRate, millimetres, up),
    right: groundedFoot(feet.right, frames, pointRate, millimetres, up),
  };
  const contacts: PlateContact[] = [];
  const events: PlateEvent[] = [];
  for (const load of loads) {
    const plate = plateFrame(load);
    const frameAt = (t: number) => Math.round((t - load.start) * pointRate);
    for (const [from, to, edge] of loadedStretches(load)) {
      const contact: PlateContact = { plate: load.plate.number, from, to, side: null, rejected: undefined };
      contacts.push(contact);
      const [first, last] = [frameAt(from), Math.min(frames - 1, frameAt(to))];
      const onPlate = (side: Side, f: number) => grounded[side](f).some((p) => plate.inside(p, 0));
      const standing = (['left', 'right'] as const).filter((side) => onPlate(side, Math.round((first + last) / 2)));
      const side = standing.length === 1 ? standing[0] : undefined;
      contact.side = side ?? null;
      if (edge) contact.rejected = 'trial edge';
      else if (side === undefined) contact.rejected = standing.length === 0 ? 'no foot' : 'both feet';
      else if (range(first, last).some((f) => onPlate(side === 'left' ? 'right' : 'left', f)))
        contact.rejected = 'both feet';
      else if (
        range(first, last).some((f) => !outline(feet[side], f, millimetres, up).every((p) => plate.inside(p, 0)))
      )
        contact.rejected = 'off the edge';
      if (contact.rejected !== undefined || side === undefined) continue;
      events.push({ side, kind: 'heelStrike', time: seconds(from), plate: load.plate.number });
      events.push({ side, kind: 'toeOff', time: seconds(to), plate: load.plate.number });
    }
  }
  return { contacts, events: events.sort((a, b) => a.time - b.time) };
}

/** [from, to, whether it touches the trial's first or last sample] of each stretch above the threshold. */
function loadedStretches(load: PlateLoad): [number, number, boolean][] {
  const { vertical: v, rate, start } = load;
  const crossing = (i: number) => {
    const [a, b] = [v[i - 1] ?? 0, v[i] ?? 0];
    return start + (i - 1 + (CONTACT_THRESHOLD_N - a) / (b - a)) / rate;
  };
  const out: [number, number, boolean][] = [];
  let rise = -1;
  for (let i = 0; i <= v.length; i++) {
    const above = i < v.length && (v[i] ?? 0) > CONTACT_THRESHOLD_N;
    if (above && rise < 0) rise = i;
    if (above || rise < 0) continue;
    const from = rise === 0 ? start : crossing(rise);
    const to = i === v.length ? start + (i - 1) / rate : crossing(i);
    if (to - from >= MIN_CONTACT_S) out.push([from, to, rise === 0 || i === v.length]);
    rise = -1;
  }
  return out;
}

/** The plate's frame: points to its x, y (POINT:UNITS, from its centre), and whether one lies on it, `inset` within. */
function plateFrame(load: PlateLoad) {
  const [c1, c2, , c4] = load.plate.corners;
  const centre = [0, 1, 2].map((a) => load.plate.corners.reduce((sum, c) => sum + (c[a] ?? 0), 0) / 4) as Vector3;
  const x = unit(sub(c1, c2));
  const y0 = sub(c1, c4);
  const along = dot(y0, x);
  const y = unit([y0[0] - along * x[0], y0[1] - along * x[1], y0[2] - along * x[2]]);
  const halfX = Math.hypot(...sub(c1, c2)) / 2;
  const halfY = Math.hypot(...y0) / 2;
  return {
    inside: (p: Vector3, inset: number) => {
      if (!p.every(Number.isFinite)) return false;
      const d = sub(p, centre);
      return Math.abs(dot(d, x)) <= halfX - inset && Math.abs(dot(d, y)) <= halfY - inset;
    },
  };
}

/** Per frame, the markers of a foot that stand on the floor then: low (near their lowest in the trial) and still. */
function groundedFoot(foot: FootMarkers, frames: number, rate: number, millimetres: number, up: Axis) {
  const lowest = [foot.heel, foot.toe].map((track) => {
    let low = Infinity;
    for (let f = 0; f < frames; f++) {
      const height = track[3 * f + up] ?? NaN;
      if (height < low) low = height;
    }
    return low;
  });
  const still = (track: Float32Array, f: number) => {
    const [a, b] = [Math.max(0, f - 1), Math.min(frames - 1, f + 1)];
    const distance = Math.hypot(...[0, 1, 2].map((k) => (track[3 * b + k] ?? NaN) - (track[3 * a + k] ?? NaN)));
    return (distance * millimetres * rate) / (b - a || 1) / 1000 < GROUNDED_M_S;
  };
  return (f: number): Vector3[] =>
    [foot.heel, foot.toe]
      .filter((track, i) => (track[3 * f + up] ?? NaN) - (lowest[i] ?? 0) < GROUNDED_HEIGHT_MM / millimetres)
      .filter((track) => still(track, f))
      .map((track) => point(track, f));
}

type Axis = 0 | 1 | 2;

/** The lab's vertical: the axis the plates' normal runs along (they lie on the floor). */
function verticalAxis(load: PlateLoad | undefined): Axis {
  if (load === undefined) return 2;
  const [c1, c2, , c4] = load.plate.corners;
  const normal = cross(sub(c1, c2), sub(c1, c4)).map(Math.abs);
  return normal.indexOf(Math.max(...normal)) as Axis;
}

/** The four corners of the foot's outline at frame f (NaN where a marker is in a gap). */
function outline(foot: FootMarkers, f: number, millimetres: number, up: Axis): Vector3[] {
  const heel = point(foot.heel, f);
  const toe = point(foot.toe, f);
  const along = unit(sub(toe, heel));
  const vertical: Vector3 = [0, 0, 0];
  vertical[up] = 1;
  const across = unit(cross(vertical, along));
  const [reach, half] = [TOE_REACH_MM / millimetres, HALF_WIDTH_MM / millimetres];
  const tip: Vector3 = [toe[0] + reach * along[0], toe[1] + reach * along[1], toe[2] + reach * along[2]];
  return [heel, tip].flatMap((p) =>
    [1, -1].map((s): Vector3 => [0, 1, 2].map((a) => (p[a] ?? 0) + s * half * (across[a] ?? 0)) as Vector3),
  );
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
const point = (track: Float32Array, f: number): Vector3 => [
  track[3 * f] ?? NaN,
  track[3 * f + 1] ?? NaN,
  track[3 * f + 2] ?? NaN,
];
