import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handBuiltC3d } from '../../../tests/fixtures/c3d/handBuiltC3d.ts';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { pointTrack } from './pointTrack.ts';
import { readC3d } from './readC3d.ts';
import type { C3dFile } from './c3dTypes.ts';

const read = (path: string): C3dFile => {
  const result = readC3d(c3dFixture(path));
  if (!result.ok) throw new Error(result.error);
  return result.file;
};

/** The C3D format's own samples: one trial each, stored by three processors as integers and as floats. */
const SAMPLES = {
  sample01: {
    intel: ['Eb015pi.c3d', 'Eb015pr.c3d'],
    dec: ['Eb015vi.c3d', 'Eb015vr.c3d'],
    mips: ['Eb015si.c3d', 'Eb015sr.c3d'],
  },
  sample02: {
    intel: ['pc_int.c3d', 'pc_real.c3d'],
    dec: ['DEC_INT.C3D', 'Dec_real.c3d'],
    mips: ['sgi_int.c3d', 'sgi_real.c3d'],
  },
} as const;

describe.each(Object.entries(SAMPLES))('the c3d.org %s files', (sample, byProcessor) => {
  const files = Object.entries(byProcessor).flatMap(([processor, [integer, float]]) => [
    { processor, storage: 'integer', file: read(`./c3d-org/${sample}/${integer}`) },
    { processor, storage: 'float', file: read(`./c3d-org/${sample}/${float}`) },
  ]);
  const reference = files[0]?.file as C3dFile;

  it('reads every processor format and storage as what it is', () => {
    for (const { processor, storage, file } of files) {
      expect(file.processor).toBe(processor);
      expect(file.storage).toBe(storage);
      expect(file.points.units).toBe('mm');
      expect(file.points.rate).toBe(50);
    }
  });

  it('gives the same points, gaps, analog samples and events whichever processor wrote them', () => {
    const scale = Math.abs(reference.header.scale);
    for (const { file } of files) {
      expect(file.points.labels).toEqual(reference.points.labels);
      expect(file.points.frameCount).toBe(reference.points.frameCount);
      const positions = file.points.positions;
      let worst = 0;
      for (let i = 0; i < positions.length; i++) {
        const a = positions[i] ?? 0;
        const b = reference.points.positions[i] ?? 0;
        expect(Number.isNaN(a)).toBe(Number.isNaN(b));
        if (!Number.isNaN(a)) worst = Math.max(worst, Math.abs(a - b));
      }
      // Integer files round each coordinate to a multiple of POINT:SCALE; float files keep it.
      expect(worst).toBeLessThanOrEqual(scale);
      expect(file.analog?.labels).toEqual(reference.analog?.labels);
      expect(file.analog?.rate).toBe(200);
      const analog = file.analog?.values ?? new Float32Array();
      for (let i = 0; i < analog.length; i += 97) expect(analog[i]).toBeCloseTo(reference.analog?.values[i] ?? NaN, 2);
      expect(file.events.slice(0, 8)).toEqual(reference.events.slice(0, 8));
    }
  });

  it('marks the gaps in the trajectories as missing, with residual −1', () => {
    const points = reference.points;
    const count = points.labels.length;
    let gaps = 0;
    for (let i = 0; i < points.residuals.length; i++) {
      const gap = points.residuals[i] === -1;
      if (gap) gaps++;
      expect(Number.isNaN(points.positions[3 * i] ?? 0)).toBe(gap);
    }
    expect(gaps).toBeGreaterThan(count);
  });
});

describe('the Vicon Plug-in Gait trials', () => {
  const file = read('./PiG_Motion3_FF.c3d');

  it('reads the header and the parameters by group and name', () => {
    expect(file.processor).toBe('intel');
    expect(file.storage).toBe('float');
    expect(file.parameters.get('POINT', 'RATE')?.numbers).toEqual([100]);
    expect(file.parameters.get('point', 'units')?.texts).toEqual(['mm']);
    expect(file.parameters.get('MANUFACTURER', 'SOFTWARE')?.texts).toEqual(['Vicon Nexus']);
    expect(file.parameters.get('PROCESSING', 'HEIGHT')?.numbers).toEqual([1760]);
    expect(file.parameters.get('NOPE', 'RATE')).toBeUndefined();
    expect(file.points.firstFrame).toBe(725);
    expect(file.points.frameCount).toBe(293);
  });

  it('reads the points with their labels and the force-plate channels', () => {
    const ankle = pointTrack(file.points, 'LANK');
    expect(ankle).toBeDefined();
    // An ankle marker near the floor of a lab whose z is up, in millimetres.
    expect(ankle?.[2]).toBeGreaterThan(40);
    expect(ankle?.[2]).toBeLessThan(300);
    expect(pointTrack(file.points, 'NOPE')).toBeUndefined();
    expect(file.analog?.labels.slice(0, 3)).toEqual(['Fx1', 'Fy1', 'Fz1']);
    expect(file.analog?.rate).toBe(1000);
    expect(file.analog?.samplesPerFrame).toBe(10);
  });

  it("reads Vicon's gait events from the EVENT group, in time order, with their side", () => {
    expect(file.events).toHaveLength(12);
    expect(file.events[0]).toMatchObject({ label: 'Foot Strike', context: 'Right', frame: 7 });
    expect(file.events[0]?.time).toBeCloseTo(7.31, 5);
    const labels = new Set(file.events.map((e) => `${e.context} ${e.label}`));
    expect(labels).toEqual(new Set(['Left Foot Strike', 'Left Foot Off', 'Right Foot Strike', 'Right Foot Off']));
    for (let i = 1; i < file.events.length; i++)
      expect(file.events[i]?.time).toBeGreaterThanOrEqual(file.events[i - 1]?.time ?? 0);
  });
});

describe('files as lab systems really write them', () => {
  it("reads parameter names with spaces, as Vicon's and Qualisys' writers store them", () => {
    const file = read('./forceplates/FunctionalWalk.c3d');
    expect(file.parameters.get('PROCESSING', 'MARKER DIAMETER')).toBeDefined();
    expect(file.parameters.get('processing', 'Marker Diameter')?.numbers.length).toBeGreaterThan(0);
    expect(file.points.rate).toBe(120);
  });

  it('still refuses a name holding a control byte, which only damage puts there', () => {
    const bytes = c3dFixture('./forceplates/FunctionalWalk.c3d');
    const text = new TextDecoder('latin1').decode(bytes);
    const at = text.indexOf('Marker Diameter');
    bytes[at + 6] = 0x07;
    const result = readC3d(bytes);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/a record is named "Marker\?Diameter"/);
  });
});

describe('damaged and foreign files', () => {
  it('explains, without crashing, that a damaged parameter section cannot be read', () => {
    const result = readC3d(c3dFixture('./c3d-org/sample18/bad_parameter_section.c3d'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^This C3D file cannot be read\. The parameter section is damaged at byte \d+/);
    expect(result.error).toContain('EVENT:LABELS');
  });

  it('says what is wrong with a file that is not C3D, is cut short or names an unknown processor', () => {
    const good = c3dFixture('./c3d-org/sample02/pc_int.c3d');
    const cases: [Uint8Array, RegExp][] = [
      [new TextEncoder().encode('{"Steps":[]}'.padEnd(2048, ' ')), /does not start like a C3D file/],
      [good.slice(0, 20_000), /data section should hold 89 frames/],
      [good.slice(0, 600), /ends unexpectedly|parameter section/],
    ];
    const foreign = good.slice();
    foreign[512 + 3] = 99;
    cases.push([foreign, /processor type is 99/]);
    for (const [bytes, message] of cases) {
      const result = readC3d(bytes);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
    }
  });

  it('refuses at once a 1.5 KB file declaring 2³² − 1 frames, with or without points to fill them', () => {
    const cases: [number, string][] = [
      [0, 'The file declares 4294967295 frames but neither points nor analog channels to fill them.'],
      [1, 'The data section should hold 4294967295 frames of 16 bytes from byte 1024, but the file has 1536 bytes.'],
    ];
    for (const [points, message] of cases) {
      const started = performance.now();
      const result = readC3d(handBuiltC3d({ points, frames: 2 ** 32 - 1, bytes: 1536 }));
      expect(performance.now() - started).toBeLessThan(100);
      expect(result).toEqual({ ok: false, error: `This C3D file cannot be read. ${message}` });
    }
  });

  it('never throws, whatever bytes it is given: damaged copies of a real file included', () => {
    const good = c3dFixture('./c3d-org/sample02/pc_real.c3d');
    const damaged = fc
      .array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 40 })
      .map((edits) => {
        const copy = good.slice();
        for (const [at, value] of edits) copy[at] = value;
        return copy;
      });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 4096 }),
          damaged,
          fc.nat(good.length).map((end) => good.slice(0, end)),
        ),
        (bytes) => {
          const result = readC3d(bytes);
          expect(result.ok || result.error.length > 20).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
