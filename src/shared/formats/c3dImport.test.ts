import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { c3dFixture, loadReferenceTrial } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { expectStoresAsJointData, imported, sessionMetrics } from '../../../tests/fixtures/formats/importChecks.ts';
import { withEveryMarkerMissing } from '../../../tests/fixtures/c3d/handBuiltC3d.ts';
import { readC3d } from '../c3d/readC3d.ts';
import { importC3d, importC3dFile } from './c3dImport.ts';

const SAMPLE01 = ['Eb015pi.c3d', 'Eb015pr.c3d', 'Eb015vi.c3d', 'Eb015vr.c3d', 'Eb015si.c3d', 'Eb015sr.c3d'];

describe('C3D marker trials', () => {
  it('reads a Vicon Plug-in Gait trial as the engine joints c3dToJointData gives, with its own markers', () => {
    const trial = loadReferenceTrial('PiG_Motion3_FF');
    const result = imported(importC3d(c3dFixture('./PiG_Motion3_FF.c3d')));
    expect(result.format).toBe('c3d');
    expect(result.recording.bouts[0]?.positions).toEqual(trial.recording.bouts[0]?.positions);
    expect(result.recording.bouts[0]?.times).toEqual(trial.recording.bouts[0]?.times);
    // The heel markers ride beside the joints, for step width (docs/joint-data.md).
    expect(result.recording.bouts[0]?.heels).toHaveLength(6 * (result.recording.bouts[0]?.times.length ?? 0));
    expect(result.recording.bouts[0]?.heels).toEqual(trial.recording.bouts[0]?.heels);
    const names = result.skeleton.jointNames;
    expect(names).toContain('LASI');
    expect(names).toContain('RTOE');
    // Plug-in Gait's angles, forces, moments and powers are POINT data but not positions.
    expect(names).not.toContain('LKneeAngles');
    expect(names).not.toContain('LHipPower');
    expect(result.skeleton.bones.length).toBeGreaterThan(15);
    expectStoresAsJointData(result.recording);
  });

  it('draws the markers where the engine joints are: the toe marker is the Foot joint', () => {
    const result = imported(importC3d(c3dFixture('./PiG_Motion3_FF.c3d')));
    const toe = result.skeleton.jointNames.indexOf('LTOE');
    const width = result.skeleton.jointNames.length;
    const marker = Array.from(
      result.skeleton.bouts[0]?.positions.subarray((10 * width + toe) * 3, (10 * width + toe) * 3 + 3) ?? [],
    );
    const joint = Array.from(
      result.recording.bouts[0]?.positions.subarray(10 * 60 + 15 * 3, 10 * 60 + 15 * 3 + 3) ?? [],
    );
    marker.forEach((v, a) => expect(v).toBeCloseTo(joint[a] ?? 0, 5));
  });

  it('gives the gait metrics of the lab walk (Vicon events: cadence and stance)', () => {
    const trial = loadReferenceTrial('PiG_Motion3_noFF');
    const metrics = sessionMetrics(imported(importC3d(c3dFixture('./PiG_Motion3_noFF.c3d'))).recording);
    expect(Math.abs(metrics.cadence - trial.reference.cadence)).toBeLessThan(5);
    expect(Math.abs(metrics.stancePercent - trial.reference.stancePercent)).toBeLessThan(4);
  });

  it('stands a single sacral marker in for both posterior iliac spines (Helen Hayes marker set)', () => {
    const read = readC3d(c3dFixture('./PiG_Motion3_FF.c3d'));
    if (!read.ok) throw new Error(read.error);
    const { points } = read.file;
    const [left, right] = [points.labels.indexOf('LPSI'), points.labels.indexOf('RPSI')];
    const positions = points.positions.slice();
    const count = points.labels.length;
    for (let f = 0; f < points.frameCount; f++) {
      for (let a = 0; a < 3; a++) {
        const [l = 0, r = 0] = [positions[(f * count + left) * 3 + a], positions[(f * count + right) * 3 + a]];
        positions[(f * count + left) * 3 + a] = (l + r) / 2;
      }
    }
    const labels = points.labels.map((l, i) => (i === left ? 'SACR' : i === right ? 'XPSI' : l));
    const sacral = imported(importC3dFile({ ...read.file, points: { ...points, labels, positions } }));
    expect(sacral.warnings).toContain('The pelvis has one sacral marker (SACR), used for both posterior iliac spines.');
    const both = imported(importC3dFile(read.file));
    // Plug-in Gait's own hip centres are used either way; the derived Spine follows the same pelvis frame.
    const [a, b] = [sacral.recording.bouts[0]?.positions ?? [], both.recording.bouts[0]?.positions ?? []];
    expect(a.length).toBe(b.length);
    expect(Math.max(...Array.from(a, (v, i) => Math.abs(v - (b[i] ?? 0))))).toBeLessThan(1e-5);
    expect(sacral.skeleton.jointNames).toContain('SACR');
  });

  it('names the marker sets it looked for and the markers it found when a trial has none of them', () => {
    for (const name of SAMPLE01) {
      const result = importC3d(c3dFixture(`./c3d-org/sample01/${name}`));
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error).toMatch(
        /^This C3D trial cannot be analysed\. Its markers match no marker set the portal knows \(Plug-in Gait \/ CGM, Helen Hayes, .*\)\. Looked for: both anterior superior iliac spines/,
      );
      expect(result.error).toMatch(/Found: RFT1, RFT2, RFT3, .* and \d+ more\.$/);
    }
  });

  it('refuses a trial whose markers are all missing (residual −1), as the other formats refuse untracked joints', () => {
    expect(importC3d(withEveryMarkerMissing(c3dFixture('./PiG_Motion3_FF.c3d')))).toEqual({
      ok: false,
      error:
        'No frame of the file has HipCenter, AnkleLeft, AnkleRight, FootLeft, FootRight tracked; gait metrics need the pelvis, both ankles and both feet.',
    });
  });

  it("passes on the reader's sentence for a damaged file", () => {
    const result = importC3d(c3dFixture('./c3d-org/sample18/bad_parameter_section.c3d'));
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^This C3D file cannot be read\. The parameter section is damaged/) as unknown,
    });
  });

  it('never throws on damaged bytes', () => {
    const valid = c3dFixture('./c3d-org/sample02/pc_real.c3d');
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat({ max: valid.length - 1 }), byte: fc.nat({ max: 255 }) }), { maxLength: 8 }),
        fc.nat({ max: valid.length }),
        (changes, length) => {
          const bytes = valid.slice(0, Math.max(length, 600));
          for (const { at, byte } of changes) if (at < bytes.length) bytes[at] = byte;
          const result = importC3d(bytes);
          if (!result.ok) expect(result.error).toMatch(/\.$/);
        },
      ),
      { numRuns: 150 },
    );
  });
});
