import { describe, expect, it } from 'vitest';
import { isRecordingPath, isVideoPath, NOT_SHELL_PATHS, offlineFileOf, sessionFileCacheKey } from './offlineFiles.ts';

const BASE = 'https://gait.example';
const JOINTS = '/Internal/download/sessionData/s-1_sub-2.MainStorageFormat_JointData.json';

describe('sessionFileCacheKey', () => {
  it('drops the token and the user type, so a new login finds the same file', () => {
    expect(sessionFileCacheKey(`${BASE}${JOINTS}?access_token=secret&UserType=clinician#t=3`)).toBe(`${BASE}${JOINTS}`);
    expect(sessionFileCacheKey(`${BASE}${JOINTS}?UserType=admin`)).toBe(`${BASE}${JOINTS}`);
  });

  it('names a file by its /Internal address, so the text viewer finds what the skeleton viewer kept', () => {
    expect(sessionFileCacheKey(`${BASE}/download/sessionData/a_b.MainStorageFormat_JointData.json?UserType=x`)).toBe(
      `${BASE}/Internal/download/sessionData/a_b.MainStorageFormat_JointData.json`,
    );
    expect(sessionFileCacheKey(`${BASE}${JOINTS}`)).toBe(`${BASE}${JOINTS}`);
  });

  it('keeps any other query parameter', () => {
    expect(sessionFileCacheKey(`${BASE}${JOINTS}?v=2&access_token=x`)).toBe(`${BASE}${JOINTS}?v=2`);
  });
});

describe('which requests the service worker keeps', () => {
  it('names joint data and videos with and without /Internal', () => {
    expect(offlineFileOf(JOINTS)).toEqual({ sessionId: 's-1', subSessionId: 'sub-2', kind: 'jointData' });
    expect(isRecordingPath('/download/sessionData/a_b.MainStorageFormat_JointData.json')).toBe(true);
    expect(isVideoPath('/Internal/download/sessionData/a_b.SessionVideoFile_MP4.mp4')).toBe(true);
    expect(offlineFileOf('/download/sessionData/a_b.SessionVideoFile_MP4_Blurred.mp4')?.kind).toBe('blurredVideo');
  });

  it('keeps the original recording as the skeleton viewer reads it, from the network first', () => {
    expect(offlineFileOf('/Internal/download/sessionData/a_b.OriginalRecording')?.kind).toBe('originalRecording');
    expect(isRecordingPath('/Internal/download/sessionData/a_b.OriginalRecording')).toBe(true);
    expect(isVideoPath('/Internal/download/sessionData/a_b.OriginalRecording')).toBe(false);
  });

  it('keeps the gait metrics file, whose events the skeleton viewer draws, from the network first', () => {
    const metrics = '/Internal/download/sessionData/a_b.MainStorageFormat_SessionMetrics.json';
    expect(offlineFileOf(metrics)?.kind).toBe('gaitMetrics');
    expect(isRecordingPath(metrics)).toBe(true);
    expect(isVideoPath(metrics)).toBe(false);
  });

  it('leaves clinic files, the API and other paths alone', () => {
    expect(offlineFileOf('/Internal/download/sessionData/a_b.GaitPortalClinicFormat_SessionFile.txt')).toBeNull();
    expect(isRecordingPath('/api/sessions')).toBe(false);
    expect(isVideoPath('/assets/intro.mp4')).toBe(false);
  });

  it('never answers API or download addresses with the app shell', () => {
    const isShell = (path: string) => !NOT_SHELL_PATHS.some((pattern) => pattern.test(path));
    expect(isShell('/clinician/sessions')).toBe(true);
    expect(isShell('/api/patients')).toBe(false);
    expect(isShell('/Internal/download/sessionData/a_b.SessionVideoFile_MP4.mp4')).toBe(false);
    expect(isShell('/reports/abc.html')).toBe(false);
  });
});
