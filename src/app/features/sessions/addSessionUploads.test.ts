import { describe, expect, it } from 'vitest';
import { newFileUploadId, uploadOptionsFor, videoKindOf } from './addSessionUploads.ts';

describe('uploadOptionsFor', () => {
  const trc = { kind: 'recording', format: 'opencapTrc', name: 'OpenCap TRC markers' } as const;
  const motion = { type: 'OpenSim Motion File', sniffed: { kind: 'motion' } } as const;

  it('sends an OpenSim motion file only beside an OpenCap TRC, saying why otherwise', () => {
    expect(uploadOptionsFor([{ type: 'Joint Data File', sniffed: trc }, motion])).toEqual({
      ok: true,
      FileUploadTypeOptions: 'SharedFormatJointsOnly',
      VideoUploadTypeOptions: 'None',
    });
    const alone = uploadOptionsFor([motion]);
    expect(alone).toMatchObject({ ok: false });
    expect(alone.ok ? '' : alone.message).toContain('add it beside the OpenCap TRC marker file of the same trial');
    const besideKinect = {
      type: 'Joint Data File',
      sniffed: { kind: 'recording', format: 'jointData', name: 'x' },
    } as const;
    expect(uploadOptionsFor([besideKinect, motion])).toMatchObject({ ok: false });
  });

  it('names the shared-format option by the JSON files picked', () => {
    expect(uploadOptionsFor([{ type: 'Joint Data File' }])).toMatchObject({
      FileUploadTypeOptions: 'SharedFormatJointsOnly',
    });
    expect(uploadOptionsFor([{ type: 'Gait Metrics File' }])).toMatchObject({
      FileUploadTypeOptions: 'SharedFormatGaitMetricsOnly',
    });
    expect(uploadOptionsFor([{ type: 'Joint Data File' }, { type: 'Gait Metrics File' }])).toMatchObject({
      FileUploadTypeOptions: 'SharedFormat',
    });
    expect(uploadOptionsFor([{ type: 'Clinic Format File' }])).toMatchObject({ FileUploadTypeOptions: 'SSCFormat' });
    expect(uploadOptionsFor([])).toEqual({ ok: true, FileUploadTypeOptions: 'None', VideoUploadTypeOptions: 'None' });
  });

  it('names the video option by the videos picked', () => {
    expect(uploadOptionsFor([{ type: 'Video File' }])).toMatchObject({ VideoUploadTypeOptions: 'Unblurred' });
    expect(uploadOptionsFor([{ type: 'Blurred Video File' }])).toMatchObject({ VideoUploadTypeOptions: 'Blurred' });
    expect(uploadOptionsFor([{ type: 'Video File' }, { type: 'Blurred Video File' }])).toMatchObject({
      VideoUploadTypeOptions: 'Both',
    });
  });

  it('refuses two files of one type, and a clinic-format file beside shared-format files', () => {
    expect(uploadOptionsFor([{ type: 'Joint Data File' }, { type: 'Joint Data File' }])).toEqual({
      ok: false,
      message: 'Choose only one Joint Data File.',
    });
    expect(uploadOptionsFor([{ type: 'Clinic Format File' }, { type: 'Joint Data File' }])).toMatchObject({
      ok: false,
    });
  });
});

describe('upload ids and video kinds', () => {
  it('builds the upload id from the time and a random number', () => {
    expect(newFileUploadId(1_700_000_000_000, 0.5)).toBe('1700000000000500000000');
    expect(newFileUploadId(1, 0)).toBe('1000000000');
  });

  it('sends a VideoKind only for videos', () => {
    expect(videoKindOf('Video File')).toBe('Unblurred');
    expect(videoKindOf('Blurred Video File')).toBe('Blurred');
    expect(videoKindOf('Joint Data File')).toBeUndefined();
  });
});
