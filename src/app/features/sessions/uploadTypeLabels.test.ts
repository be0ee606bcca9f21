import { describe, expect, it } from 'vitest';
import { FILE_UPLOAD_TYPE_OPTIONS, VIDEO_UPLOAD_TYPE_OPTIONS } from '#shared/sessions/sessionFiles';
import { FILE_UPLOAD_TYPE_LABELS, VIDEO_UPLOAD_TYPE_LABELS } from './uploadTypeLabels.ts';

describe('upload type labels', () => {
  it('names every upload type in words, never by its wire name', () => {
    for (const option of FILE_UPLOAD_TYPE_OPTIONS) expect(FILE_UPLOAD_TYPE_LABELS[option]).toMatch(/^[A-Z][a-z -]+$/);
    for (const option of VIDEO_UPLOAD_TYPE_OPTIONS) expect(VIDEO_UPLOAD_TYPE_LABELS[option]).toMatch(/^[A-Z][a-z ]+$/);
    expect(FILE_UPLOAD_TYPE_LABELS.SharedFormatJointsOnly).toBe('Joint data only');
  });
});
