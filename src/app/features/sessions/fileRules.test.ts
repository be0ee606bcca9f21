import { describe, expect, it } from 'vitest';
import { typeMismatch, typesForFile } from './fileTypes.ts';
import { fileAccess, filesReplacedBy, hasFile, uploadTypeFor } from './sessionFileRules.ts';
import { testSession } from '#shared/sessions/testSession';

describe('file types by content', () => {
  const c3d = { kind: 'recording', format: 'c3d', name: 'C3D marker trial' } as const;

  it('offers the types a file can be, the likely one first; the name only tells a blurred video', () => {
    expect(typesForFile(c3d, 'trial.json')).toEqual(['Joint Data File']);
    expect(typesForFile({ kind: 'gaitMetrics' }, 'joints.json')).toEqual(['Gait Metrics File']);
    expect(typesForFile({ kind: 'clinicFormat' }, 'x.mp4')).toEqual(['Clinic Format File']);
    expect(typesForFile({ kind: 'video' }, 'walk.mp4')).toEqual(['Video File', 'Blurred Video File']);
    expect(typesForFile({ kind: 'video' }, 'walk-blurred.mp4')[0]).toBe('Blurred Video File');
    expect(typesForFile({ kind: 'unknown' }, 'walk.json')).toEqual([]);
    expect(typesForFile({ kind: 'motion' }, 'walk.mot')).toEqual(['OpenSim Motion File']);
  });

  it('says why a file cannot be stored as the chosen type', () => {
    expect(typeMismatch('Joint Data File', c3d, 'trial.c3d')).toBeNull();
    expect(typeMismatch('Video File', c3d, 'trial.c3d')).toBe(
      'This file (C3D marker trial) cannot be stored as the Video File.',
    );
    expect(typeMismatch('Joint Data File', { kind: 'unknown' }, 'notes.txt')).toContain('C3D marker trial');
  });
});

describe('filesReplacedBy (docs/spec.md §4 overwrite rules)', () => {
  const full = testSession({ Data: true, GaitMetrics: true, UnblurredVideo: true, BlurredVideo: true });
  const bare = testSession({ Data: false, GaitMetrics: false, UnblurredVideo: false, BlurredVideo: false });

  it('asks before replacing an existing file of the same kind', () => {
    expect(filesReplacedBy('Joint Data File', full)).toEqual(['jointData']);
    expect(filesReplacedBy('Joint Data File', testSession({ Data: true, OriginalRecording: true }))).toEqual([
      'jointData',
      'originalRecording',
    ]);
    expect(filesReplacedBy('Gait Metrics File', full)).toEqual(['gaitMetrics']);
    expect(filesReplacedBy('Video File', full)).toEqual(['video']);
    expect(filesReplacedBy('Blurred Video File', full)).toEqual(['blurredVideo']);
  });

  it('lets a clinic-format file replace joint data or gait metrics', () => {
    expect(filesReplacedBy('Clinic Format File', full)).toEqual(['jointData', 'gaitMetrics']);
    expect(filesReplacedBy('Clinic Format File', testSession({ Data: false, GaitMetrics: true }))).toEqual([
      'gaitMetrics',
    ]);
  });

  it('asks nothing when there is nothing to replace', () => {
    for (const type of [
      'Joint Data File',
      'Gait Metrics File',
      'Clinic Format File',
      'Video File',
      'Blurred Video File',
    ] as const) {
      expect(filesReplacedBy(type, bare)).toEqual([]);
    }
  });
});

describe('file presence and access', () => {
  it('reads presence from the docs/spec.md §3 fields', () => {
    const session = testSession({ Data: false, SSCData: true, BlurredVideo: true });
    expect(hasFile(session, 'jointData')).toBe(false);
    expect(hasFile(session, 'clinicFormat')).toBe(true);
    expect(hasFile(session, 'blurredVideo')).toBe(true);
  });

  it('lets only the admin view or download the unblurred video', () => {
    expect(fileAccess('video', 'admin')).toEqual({ canView: true, canDownload: true });
    expect(fileAccess('video', 'clinician')).toEqual({ canView: false, canDownload: false });
    expect(fileAccess('blurredVideo', 'clinician')).toEqual({ canView: true, canDownload: true });
  });

  it('opens the upload of the type that stores a file', () => {
    expect(uploadTypeFor('clinicFormat')).toBe('Clinic Format File');
    expect(uploadTypeFor('video')).toBe('Video File');
  });
});
