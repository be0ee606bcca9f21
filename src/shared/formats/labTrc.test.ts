import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { imported, sessionMetrics } from '../../../tests/fixtures/formats/importChecks.ts';
import { importC3d } from './c3dImport.ts';
import { importOpencapTrc } from './opencapTrc.ts';

/** BTKData's Gait.trc: a Motion Analysis TRC of a Helen Hayes walk (R.ASIS, V.Sacral, R.Heel), lab z up. */
const gaitTrc = readFileSync(new URL('../../../tests/fixtures/c3d/forceplates/Gait.trc', import.meta.url), 'utf8');

describe("other labs' TRC marker files", () => {
  it('reads a Motion Analysis TRC by its marker set, stood upright on the z its markers stand on', () => {
    const result = imported(importOpencapTrc(gaitTrc));
    expect(result.format).toBe('opencapTrc');
    expect(result.warnings).toEqual([
      'The TRC header says NumMarkers 66; the file names 33 markers, which are read.',
      "The markers stand on +Z, not OpenSim's +Y: the walk is stood upright on it.",
      'Markers read as the Motion Analysis / OpenSim set.',
      'The pelvis has one sacral marker (V.Sacral), used for both posterior iliac spines.',
    ]);
    expect(result.skeleton.jointNames).toContain('R.Heel');
  });

  it('gives the walk the same gait cycle as the same trial stored as C3D', () => {
    const fromTrc = sessionMetrics(imported(importOpencapTrc(gaitTrc)).recording);
    const fromC3d = sessionMetrics(imported(importC3d(c3dFixture('./forceplates/Gait.c3d'))).recording);
    expect(fromTrc.strideTime).toBeCloseTo(fromC3d.strideTime, 2);
    expect(fromTrc.cadence).toBeCloseTo(fromC3d.cadence, 0);
    // The two files were exported separately (the C3D keeps both knee markers named RKNE): within 2 %.
    expect(Math.abs(fromTrc.speed / fromC3d.speed - 1)).toBeLessThan(0.02);
  });

  it('reads a header whose names and values are separated by several tabs', () => {
    const lines = gaitTrc.split('\n');
    const spaced = [
      lines[0],
      lines[1]?.replaceAll('\t', '\t\t'),
      lines[2]?.replaceAll('\t', '\t\t'),
      ...lines.slice(3),
    ];
    const result = imported(importOpencapTrc(spaced.join('\n')));
    expect(result.recording.bouts[0]?.times.length).toBe(487);
  });

  it('reads the markers it names when the header says NumMarkers 0', () => {
    const lines = gaitTrc.split('\n');
    const values = (lines[2] ?? '').split('\t');
    values[3] = '0';
    const result = imported(importOpencapTrc([lines[0], lines[1], values.join('\t'), ...lines.slice(3)].join('\n')));
    expect(result.warnings[0]).toBe('The TRC header says NumMarkers 0; the file names 33 markers, which are read.');
  });

  it('refuses a file cut in the middle of a row, naming the frame', () => {
    const cut = gaitTrc.slice(0, gaitTrc.indexOf('\n112\t') + 40);
    const result = importOpencapTrc(cut);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(/^The TRC file is cut short: frame 112 \(line \d+\) holds \d+ of its 101 values\.$/);
  });
});
