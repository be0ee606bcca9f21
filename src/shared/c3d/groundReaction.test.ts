import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import type { C3dParameter, C3dParameters } from './c3dParameters.ts';
import type { C3dFile } from './c3dTypes.ts';
import { readForcePlatforms } from './forcePlatforms.ts';
import { plateLoads, type PlateLoad } from './groundReaction.ts';
import { readC3d } from './readC3d.ts';

const read = (path: string): C3dFile => {
  const result = readC3d(c3dFixture(path));
  if (!result.ok) throw new Error(result.error);
  return result.file;
};

/** The mean vertical force on a plate between two recording times. */
function meanForce(load: PlateLoad, from: number, to: number): number {
  const [a, b] = [Math.round((from - load.start) * load.rate), Math.round((to - load.start) * load.rate)];
  return load.vertical.subarray(a, b).reduce((sum, v) => sum + v, 0) / (b - a);
}

const G = 9.81;

describe('force plates of the handed-over trials', () => {
  it('describes each plate: type, corners, channels and, for type 4, the calibration matrix', () => {
    const gait = read('./forceplates/Gait.c3d');
    const { plates, zero } = readForcePlatforms(gait.parameters, gait.analog?.labels.length ?? 0);
    expect(plates.map((p) => p.type)).toEqual([4, 4]);
    expect(plates[1]?.channels).toEqual([6, 7, 8, 9, 10, 11]);
    // CAL_MATRIX is stored column by column: Fz's own gain is its third diagonal element.
    expect(plates[0]?.calibration?.[2 * 6 + 2]).toBeCloseTo(11.5203, 3);
    expect(plates[0]?.calibration?.[3 * 6 + 0]).toBeCloseTo(1.9, 3);
    expect(zero).toEqual({ first: 1, last: 10 });
    const walk = read('./forceplates/FunctionalWalk.c3d');
    expect(readForcePlatforms(walk.parameters, 36).plates.map((p) => p.type)).toEqual([2, 2, 2]);
  });

  // Single support (the other foot's toe off to its next strike, Vicon's own events): the plate alone carries the
  // walker, whose vertical force then averages close to body weight (PROCESSING:BODYMASS × g) — a little under it,
  // since the trough between the two peaks of walking's force dips to 0.7–0.8 of it (Winter 2009, ch. 5).
  it.each([
    ['PiG_Motion-FlatFoot-One', 1, 4.18, 4.72],
    ['FunctionalWalk', 3, 5.158, 5.583],
    ['FunctionalWalk', 1, 5.708, 6.117],
  ] as const)('%s plate %i: mean force in single support is the body weight', (trial, plate, from, to) => {
    const file = read(`./forceplates/${trial}.c3d`);
    const mass = file.parameters.get('PROCESSING', 'BODYMASS')?.numbers[0] ?? 0;
    const load = plateLoads(file).find((l) => l.plate.number === plate);
    if (load === undefined) throw new Error('plate expected');
    const ratio = meanForce(load, from, to) / (mass * G);
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1.1);
  });

  it('type 4 plates, once calibrated, agree on one walker and peak near 1.1–1.3 body weights', () => {
    // Gait.c3d names no body mass: both plates must carry the same walker, in newtons a person weighs.
    const [one, two] = plateLoads(read('./forceplates/Gait.c3d'));
    if (one === undefined || two === undefined) throw new Error('two plates expected');
    const peak = (l: PlateLoad) => Math.max(...l.vertical);
    expect(peak(one) / peak(two)).toBeGreaterThan(0.85);
    expect(peak(one) / peak(two)).toBeLessThan(1.15);
    expect(peak(one)).toBeGreaterThan(500);
    expect(peak(one)).toBeLessThan(1300);
    expect(one.zeroed).toBe(true);
  });

  it('puts the centre of pressure under the standing foot, on the plate', () => {
    const file = read('./forceplates/PiG_Motion-FlatFoot-One.c3d');
    const load = plateLoads(file)[0];
    if (load === undefined) throw new Error('plate expected');
    // Mid-stance of the right foot on plate 1 (4.04–4.87 s): the heel and toe markers' midpoint.
    const s = Math.round((4.45 - load.start) * load.rate);
    const f = Math.round(4.45 * file.points.rate) + 1 - file.points.firstFrame;
    const marker = (label: string) => {
      const i = file.points.labels.indexOf(label);
      return [0, 1].map((a) => file.points.positions[(f * file.points.labels.length + i) * 3 + a] ?? NaN);
    };
    const [heel, toe] = [marker('RHEE'), marker('RTOE')];
    const cop = [load.cop[3 * s] ?? NaN, load.cop[3 * s + 1] ?? NaN];
    const foot = Math.hypot((heel[0] ?? 0) - (toe[0] ?? 0), (heel[1] ?? 0) - (toe[1] ?? 0));
    const between = [0, 1].map((a) => ((heel[a] ?? 0) + (toe[a] ?? 0)) / 2);
    expect(Math.hypot((cop[0] ?? 0) - (between[0] ?? 0), (cop[1] ?? 0) - (between[1] ?? 0))).toBeLessThan(foot / 2);
  });
});

/** A plate of the given type, corners 400 × 600 mm round the origin, lab z up, `samples` of `channels` values. */
function syntheticTrial(type: number, channels: number[][], extra: Record<string, number[]> = {}) {
  const count = channels.length;
  const samples = channels[0]?.length ?? 0;
  const values: Record<string, number[]> = {
    USED: [1],
    TYPE: [type],
    CHANNEL: Array.from({ length: count }, (_, i) => i + 1),
    // Corner 1 at (+x, +y) of the plate, whose x runs along the lab's −x (as Vicon's plates): z into the floor.
    CORNERS: [-200, 300, 0, 200, 300, 0, 200, -300, 0, -200, -300, 0],
    ORIGIN: [0, 0, -40],
    ...extra,
  };
  const dimensions: Record<string, number[]> = { CHANNEL: [count, 1], CAL_MATRIX: [6, 6, 1] };
  const parameter = (name: string): C3dParameter | undefined =>
    values[name] === undefined
      ? undefined
      : {
          group: 'FORCE_PLATFORM',
          name,
          description: '',
          locked: false,
          type: 'float',
          dimensions: dimensions[name] ?? [],
          numbers: values[name] ?? [],
          texts: [],
        };
  const parameters = {
    get: (group: string, name: string) => (group === 'FORCE_PLATFORM' ? parameter(name) : undefined),
  } as unknown as C3dParameters;
  const interleaved = Float32Array.from(
    { length: samples * count },
    (_, i) => channels[i % count]?.[Math.floor(i / count)] ?? 0,
  );
  return {
    parameters,
    analog: {
      labels: channels.map((_, i) => `ch${String(i)}`),
      units: channels.map((_, i) => (i >= 3 && type !== 3 ? 'Nmm' : 'N')),
      rate: 1000,
      samplesPerFrame: 10,
      values: interleaved,
    },
    points: { rate: 100, firstFrame: 1, units: 'mm' },
  } as unknown as Pick<C3dFile, 'parameters' | 'analog' | 'points'>;
}

const constant = (value: number, samples = 200) => Array.from({ length: samples }, () => value);

describe('force plate types 1–4', () => {
  it('type 1 gives Fz and the centre of pressure as its channels hold them', () => {
    const [load] = plateLoads(
      syntheticTrial(1, [constant(0), constant(0), constant(-700), constant(50), constant(-20), constant(0)]),
    );
    expect(load?.vertical[100]).toBeCloseTo(700);
    // Plate x is lab −x, plate y is lab +y.
    expect([load?.cop[300], load?.cop[301]]).toEqual([-50, -20]);
  });

  it('type 2 puts the centre of pressure where the moments say, on the surface above the transducer', () => {
    // 700 N straight down 100 mm along the plate's +x: My = −x·Fz about the surface centre.
    const fz = -700;
    const [load] = plateLoads(
      syntheticTrial(2, [constant(0), constant(0), constant(fz), constant(0), constant(-100 * fz), constant(0)]),
    );
    expect(load?.vertical[10]).toBeCloseTo(700);
    expect(load?.cop[30]).toBeCloseTo(-100, 3);
  });

  it('type 3 sums the four vertical channels of a Kistler plate', () => {
    const fz = [-100, -200, -150, -250].map((v) => constant(v));
    const [load] = plateLoads(
      syntheticTrial(3, [constant(0), constant(0), constant(0), constant(0), ...fz], { ORIGIN: [120, 200, -40] }),
    );
    expect(load?.vertical[50]).toBeCloseTo(700);
  });

  it('type 4 applies its calibration matrix to the channels', () => {
    const identityTimesTwo = Array.from({ length: 36 }, (_, i) => (i % 7 === 0 ? 2 : 0));
    const channels = [constant(0), constant(0), constant(-350), constant(0), constant(0), constant(0)];
    const [load] = plateLoads(syntheticTrial(4, channels, { CAL_MATRIX: identityTimesTwo }));
    expect(load?.vertical[50]).toBeCloseTo(700);
    const [uncalibrated] = plateLoads(syntheticTrial(4, channels));
    expect(uncalibrated).toBeUndefined();
  });

  it("takes ZERO's baseline off an unloaded plate, and not off a loaded one", () => {
    // 30 N of drift on an empty plate, then a foot of 700 N.
    const drift = Array.from({ length: 400 }, (_, s) => (s < 200 ? -30 : -730));
    const six = (fz: number[]) => [
      constant(0, 400),
      constant(0, 400),
      fz,
      constant(0, 400),
      constant(0, 400),
      constant(0, 400),
    ];
    const [zeroed] = plateLoads(syntheticTrial(2, six(drift), { ZERO: [1, 10] }));
    expect(zeroed?.zeroed).toBe(true);
    expect(zeroed?.vertical[300]).toBeCloseTo(700);
    // A foot already landing in ZERO's frames is a load, not an offset.
    const landing = Array.from({ length: 400 }, (_, s) => -Math.min(700, 10 * s));
    const [kept] = plateLoads(syntheticTrial(2, six(landing), { ZERO: [1, 10] }));
    expect(kept?.zeroed).toBe(false);
    expect(kept?.vertical[300]).toBeCloseTo(700);
  });
});
