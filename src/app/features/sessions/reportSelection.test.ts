import { describe, expect, it } from 'vitest';
import { checkReportSelection, reportButtonsEnabled, selectedSessions, selectionCountText } from './reportSelection.ts';
import { testSession } from '#shared/sessions/testSession';

const withData = testSession({ SubSessionID: 'a', Data: true });
const withMetrics = testSession({ SubSessionID: 'b', Data: false, GaitMetrics: true });
const empty = testSession({ SubSessionID: 'c', Data: false, GaitMetrics: false });

describe('checkReportSelection', () => {
  it('starts a single-session report with exactly one session', () => {
    expect(checkReportSelection('session', [withData])).toEqual({ ok: true, sessions: [withData] });
    expect(checkReportSelection('session', [])).toEqual({ ok: false, message: 'Please select a single session.' });
    expect(checkReportSelection('session', [withData, withMetrics])).toEqual({
      ok: false,
      message: 'Please select only a single session.',
    });
  });

  it('starts a multi-session report with at least one session', () => {
    expect(checkReportSelection('multi-session', [withData, withMetrics])).toEqual({
      ok: true,
      sessions: [withData, withMetrics],
    });
    expect(checkReportSelection('multi-session', [])).toEqual({
      ok: false,
      message: 'Please select atleast one session for creating the report.',
    });
  });

  it('drops sessions that cannot produce a report before counting', () => {
    expect(checkReportSelection('session', [withData, empty])).toEqual({ ok: true, sessions: [withData] });
    expect(checkReportSelection('multi-session', [empty])).toMatchObject({ ok: false });
  });
});

describe('selectedSessions', () => {
  it('keeps list order and forgets ids no longer listed', () => {
    expect(selectedSessions([withData, withMetrics, empty], new Set(['c', 'a', 'gone']))).toEqual([withData, empty]);
  });
});

describe('report buttons', () => {
  it('enable single for exactly one and multi for one or more, and count the selection', () => {
    expect(reportButtonsEnabled(0)).toEqual({ single: false, multi: false });
    expect(reportButtonsEnabled(1)).toEqual({ single: true, multi: true });
    expect(reportButtonsEnabled(3)).toEqual({ single: false, multi: true });
    expect(selectionCountText(1)).toBe('1 session selected');
    expect(selectionCountText(2)).toBe('2 sessions selected');
  });
});
