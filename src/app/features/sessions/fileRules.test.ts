import { describe, expect, it } from 'vitest';
import { formatOfName, formatOfType, typesForName } from './fileTypes.ts';
import { fileAccess, filesReplacedBy, hasFile, uploadTypeFor } from './sessionFileRules.ts';
import { testSession } from './testSession.ts';

describe('file types by extension', () => {
  it('knows .json, .txt and .mp4 in any case, and nothing else', () => {
    expect(formatOfName('walk.JSON')).toBe('json');
    expect(formatOfName('export.txt')).toBe('txt');
    expect(formatOfName('clip.Mp4')).toBe('mp4');
    expect(formatOfName('clip.mov')).toBeUndefined();
    expect(formatOfName('json')).toBeUndefined();
  });

  it('offers the types a file can be, the likely one first', () => {
    expect(typesForName('joints.json')[0]).toBe('Joint Data File');
    expect(typesForName('SessionMetrics.json')[0]).toBe('Gait Metrics File');
    expect(typesForName('clinic.txt')).toEqual(['Clinic Format File']);
    expect(typesForName('walk.mp4')).toEqual(['Video File', 'Blurred Video File']);
    expect(typesForName('notes.doc')).toEqual([]);
    expect(formatOfType('Blurred Video File')).toBe('mp4');
  });
});

describe('filesReplacedBy (spec §4 overwrite rules)', () => {
  const full = testSession({ Data: true, GaitMetrics: true, UnblurredVideo: true, BlurredVideo: true });
  const bare = testSession({ Data: false, GaitMetrics: false, UnblurredVideo: false, BlurredVideo: false });

  it('asks before replacing an existing file of the same kind', () => {
    expect(filesReplacedBy('Joint Data File', full)).toEqual(['jointData']);
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
  it('reads presence from the spec §3 fields', () => {
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
