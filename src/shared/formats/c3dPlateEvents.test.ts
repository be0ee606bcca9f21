import { describe, expect, it } from 'vitest';
import { c3dFixture } from '../../../tests/fixtures/c3d/referenceTrials.ts';
import { plateLoads } from '../c3d/groundReaction.ts';
import { pointTrack } from '../c3d/pointTrack.ts';
import { readC3d } from '../c3d/readC3d.ts';
import type { C3dFile } from '../c3d/c3dTypes.ts';
import { importC3d } from './c3dImport.ts';
import { plateContacts } from './plateContacts.ts';

const read = (path: string): C3dFile => {
  const result = readC3d(c3dFixture(path));
  if (!result.ok) throw new Error(result.error);
  return result.file;
};

const contactsOf = (file: C3dFile) => {
  const track = (label: string) => pointTrack(file.points, label) ?? new Float32Array();
  const feet = {
    left: { heel: track('LHEE'), toe: track('LTOE') },
    right: { heel: track('RHEE'), toe: track('RTOE') },
  };
  return plateContacts(plateLoads(file), feet, file.points.rate, 1);
};

/**
 * The trials with plates, the contacts each has, and which are clean (docs/import-formats.md lists the same).
 * PiG_Motion-FlatFoot-One's second contact has the left toe marker leave plate 2 before the foot leaves the floor.
 */
const TRIALS = [
  ['forceplates/FunctionalWalk.c3d', 3, 3],
  ['forceplates/Gait.c3d', 2, 2],
  ['forceplates/PiG_Motion-FlatFoot-One.c3d', 2, 1],
  ['PiG_Motion3_FF_N18.c3d', 3, 3],
] as const;

describe('gait events from force plates', () => {
  it.each(TRIALS)('%s: %i contacts, %i of them clean', (path, contacts, clean) => {
    const found = contactsOf(read(`./${path}`));
    expect(found.contacts).toHaveLength(contacts);
    expect(found.contacts.filter((c) => c.rejected === undefined)).toHaveLength(clean);
    expect(found.events).toHaveLength(2 * clean);
  });

  // Vicon Nexus's own events in the files' EVENT group: where both exist, the plate's lies within one point frame.
  it.each(TRIALS.filter(([path]) => !path.endsWith('Gait.c3d')))(
    "%s: each plate event matches the file's own Vicon event within one frame",
    (path) => {
      const file = read(`./${path}`);
      const { events } = contactsOf(file);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        const label = event.kind === 'heelStrike' ? 'Foot Strike' : 'Foot Off';
        const context = event.side === 'left' ? 'Left' : 'Right';
        const vicon = file.events
          .filter((e) => e.label === label && e.context === context)
          .map((e) => Math.abs(e.time - event.time));
        expect(Math.min(...vicon)).toBeLessThanOrEqual(1 / file.points.rate);
      }
    },
  );

  it('refuses a contact whose foot leaves the plate before it leaves the floor', () => {
    const { contacts } = contactsOf(read('./forceplates/PiG_Motion-FlatFoot-One.c3d'));
    expect(contacts.map((c) => [c.plate, c.side, c.rejected])).toEqual([
      [1, 'right', undefined],
      [2, 'left', 'off the edge'],
    ]);
  });

  it('refuses a contact at the trial edge and one with both feet on the plate', () => {
    const file = read('./forceplates/FunctionalWalk.c3d');
    const loads = plateLoads(file);
    const track = (label: string) => pointTrack(file.points, label) ?? new Float32Array();
    // The walk cut to start mid-stance on plate 3 (5.3 s): its first contact starts with the trial.
    const cut = loads.map((l) => {
      const from = Math.round((5.3 - l.start) * l.rate);
      return { ...l, start: l.start + from / l.rate, vertical: l.vertical.subarray(from) };
    });
    const frame = Math.round(5.3 * file.points.rate) + 1 - file.points.firstFrame;
    const from = (t: Float32Array) => t.subarray(3 * frame);
    const feet = {
      left: { heel: from(track('LHEE')), toe: from(track('LTOE')) },
      right: { heel: from(track('RHEE')), toe: from(track('RTOE')) },
    };
    const edged = plateContacts(cut, feet, file.points.rate, 1).contacts.find((c) => c.plate === 3);
    expect(edged?.rejected).toBe('trial edge');
    // The right foot's markers drawn where the left's are: both feet stand on every plate the left foot does.
    const left = { heel: track('LHEE'), toe: track('LTOE') };
    const whole = plateContacts(loads, { left, right: left }, file.points.rate, 1);
    expect(whole.contacts.every((c) => c.rejected !== undefined)).toBe(true);
    expect(whole.contacts.some((c) => c.rejected === 'both feet')).toBe(true);
  });

  it('the import keeps the plate events with the joints and tells the clinician how many contacts gave them', () => {
    const imported = importC3d(c3dFixture('./forceplates/PiG_Motion-FlatFoot-One.c3d'));
    if (!imported.ok) throw new Error(imported.error);
    const { recording, warnings } = imported.imported;
    expect(recording.plateEvents?.map((e) => [e.side, e.kind, e.plate])).toEqual([
      ['right', 'heelStrike', 1],
      ['right', 'toeOff', 1],
    ]);
    expect(warnings.join(' ')).toContain('1 of 2 contacts were one foot wholly on a plate');
  });
});
