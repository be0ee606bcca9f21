import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { imported } from '../../../tests/fixtures/formats/importChecks.ts';
import { readC3d } from '../c3d/readC3d.ts';
import type { C3dFile } from '../c3d/c3dTypes.ts';
import { importC3d, importC3dFile } from './c3dImport.ts';
import { markerKey, recogniseMarkerSet } from './markerSets.ts';

/** Plug-in Gait's markers under each other set's names, as those systems write them. */
const RENAMED: Record<string, Record<string, string>> = {
  'Helen Hayes': { LPSI: 'VSAC', RPSI: 'unused back marker' },
  'Motion Analysis / OpenSim': {
    LASI: 'L.ASIS',
    RASI: 'R.ASIS',
    LPSI: 'L.PSIS',
    RPSI: 'R.PSIS',
    LKNE: 'L.Knee.Lat',
    RKNE: 'R.Knee.Lat',
    LANK: 'L.Ankle.Lat',
    RANK: 'R.Ankle.Lat',
    LHEE: 'L.Heel',
    RHEE: 'R.Heel',
    LTOE: 'L.Toe.Tip',
    RTOE: 'R.Toe.Tip',
  },
  'ISB / Qualisys IOR': {
    LASI: 'L_IAS',
    RASI: 'R_IAS',
    LPSI: 'L_IPS',
    RPSI: 'R_IPS',
    LKNE: 'L_FLE',
    RKNE: 'R_FLE',
    LANK: 'L_FAL',
    RANK: 'R_FAL',
    LHEE: 'L_FCC',
    RHEE: 'R_FCC',
    LTOE: 'L_FM2',
    RTOE: 'R_FM2',
  },
  Codamotion: {
    LASI: 'L ASIS',
    RASI: 'R ASIS',
    LPSI: 'L PSIS',
    RPSI: 'R PSIS',
    LKNE: 'L Knee',
    RKNE: 'R Knee',
    LANK: 'L Ankle',
    RANK: 'R Ankle',
    LHEE: 'L Heel',
    RHEE: 'R Heel',
    LTOE: 'L Met5',
    RTOE: 'R Met5',
  },
};

/** Plug-in Gait's own joint centres, hidden so that the joints come from the markers alone. */
const MODEL_OUTPUTS = /^[LR](FEP|FEO|TIO)$/;

function lab(file: C3dFile, rename: Record<string, string>): C3dFile {
  const labels = file.points.labels.map((label) =>
    MODEL_OUTPUTS.test(label) ? `${label} hidden` : (rename[label] ?? label),
  );
  return { ...file, points: { ...file.points, labels } };
}

function viconTrial(): C3dFile {
  const read = readC3d(c3dFixture('./PiG_Motion3_FF.c3d'));
  if (!read.ok) throw new Error(read.error);
  return read.file;
}

describe('marker sets recognised by their labels', () => {
  it.each(Object.entries(RENAMED))('reads a trial labelled as %s as the same joints', (setName, rename) => {
    const original = viconTrial();
    const asPlugInGait = imported(importC3dFile(lab(original, {})));
    const asOtherSet = imported(importC3dFile(lab(original, rename)));
    expect(recogniseMarkerSet(lab(original, rename).points.labels)?.set.name).toBe(setName);
    expect(asOtherSet.warnings).toContain(`Markers read as the ${setName} set.`);
    const [a, b] = [asOtherSet.recording.bouts[0]?.positions ?? [], asPlugInGait.recording.bouts[0]?.positions ?? []];
    expect(a.length).toBe(b.length);
    const tolerance = setName === 'Helen Hayes' ? 0.02 : 1e-6;
    // A sacral marker stands for the midpoint of the posterior spines: LPSI moved there moves the hips a little.
    expect(Math.max(...Array.from(a, (v, i) => Math.abs(v - (b[i] ?? 0))))).toBeLessThan(tolerance);
  });

  it("reads another lab's Helen Hayes trial with its sacral marker VSAC (BTKData Gait.c3d)", () => {
    const result = imported(importC3d(c3dFixture('./forceplates/Gait.c3d')));
    expect(result.warnings).toEqual([
      'Markers read as the Helen Hayes set.',
      'The pelvis has one sacral marker (VSAC), used for both posterior iliac spines.',
      'Gait events from the 2 force plates: 2 of 2 contacts were one foot wholly on a plate.',
    ]);
    expect(result.skeleton.jointNames).toContain('VSAC');
  });

  it('compares labels without case, subject prefix or punctuation', () => {
    expect(['Patient 1:L.ASIS', 'L_IAS', 'Left ASIS', 'l asi', 'V.Sacral'].map(markerKey)).toEqual([
      'LASIS',
      'LIAS',
      'LASIS',
      'LASI',
      'VSACRAL',
    ]);
  });

  it('knows no set from half a pelvis', () => {
    const labels = ['LASI', 'RASI', 'LKNE', 'RKNE', 'LANK', 'RANK', 'LTOE', 'RTOE'];
    expect(recogniseMarkerSet(labels)).toBeUndefined();
    expect(recogniseMarkerSet([...labels, 'SACR'])?.set.name).toBe('Plug-in Gait / CGM');
  });
});
