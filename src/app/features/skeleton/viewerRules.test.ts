import { describe, expect, it } from 'vitest';
import type { Session } from '#shared/sessions/session';
import { clockText, speedText } from './clockText.ts';
import { canRetry, loadFailureMessage, NO_JOINT_DATA } from './loadFailure.ts';
import { nextStep, nextTip } from './nextStep.ts';
import { findNextSubSession } from './nextSubSession.ts';
import { playerKeyAction } from './playerKeys.ts';

describe('Next', () => {
  it('goes through the walks of the file, then to the next sub-session, then nowhere', () => {
    expect(nextStep(0, 3, true)).toEqual({ kind: 'walk', index: 1 });
    expect(nextStep(2, 3, true)).toEqual({ kind: 'subSession' });
    expect(nextStep(2, 3, false)).toEqual({ kind: 'none' });
    expect(nextTip({ kind: 'walk', index: 1 }, 3, undefined)).toBe('Next: walk 2 of 3 in this recording');
  });

  it('finds the next sub-session of the same session that has joint data', () => {
    const row = (SessionID: string, SubSessionID: string, SubSessionNumber: number, Data = true) =>
      ({ SessionID, SubSessionID, SessionNumber: 4, SubSessionNumber, Data }) as Session;
    const rows = [row('s', 'c', 3), row('s', 'a', 1), row('s', 'b', 2, false), row('t', 'x', 2)];
    expect(findNextSubSession(rows, 's', 'a')?.SubSessionID).toBe('c');
    expect(findNextSubSession(rows, 's', 'c')).toBeNull();
    expect(findNextSubSession(rows, 's', 'unknown')).toBeNull();
  });
});

describe('load failures', () => {
  it('say what went wrong in words a clinician can act on', () => {
    expect(loadFailureMessage({ kind: 'http', status: 404 })).toBe(NO_JOINT_DATA);
    expect(loadFailureMessage({ kind: 'timeout' })).toContain('20 seconds');
    expect(loadFailureMessage({ kind: 'network' })).toContain('network');
    expect(loadFailureMessage({ kind: 'file', error: 'Frame 3 of step 1 has no Joint_Positions list.' })).toBe(
      'Frame 3 of step 1 has no Joint_Positions list.',
    );
    expect(canRetry({ kind: 'network' })).toBe(true);
    expect(canRetry({ kind: 'http', status: 404 })).toBe(false);
    expect(canRetry({ kind: 'file', error: 'x' })).toBe(false);
  });
});

describe('keyboard shortcuts', () => {
  const body = { tagName: 'BODY' };
  it('play, step and go to the start, but leave fields, sliders and pressed buttons alone', () => {
    expect(playerKeyAction(' ', body)).toEqual({ type: 'toggle' });
    expect(playerKeyAction('ArrowLeft', body)).toEqual({ type: 'step', frames: -1 });
    expect(playerKeyAction('ArrowRight', { tagName: 'button' })).toEqual({ type: 'step', frames: 1 });
    expect(playerKeyAction('Home', null)).toEqual({ type: 'start' });
    expect(playerKeyAction(' ', { tagName: 'BUTTON' })).toBeNull();
    expect(playerKeyAction('ArrowLeft', { tagName: 'INPUT' })).toBeNull();
    expect(playerKeyAction('a', body)).toBeNull();
  });
});

describe('clock and speed text', () => {
  it('reads minutes, seconds and tenths', () => {
    expect(clockText(0)).toBe('0:00.0');
    expect(clockText(3.44)).toBe('0:03.4');
    expect(clockText(599.96)).toBe('10:00.0');
    expect(speedText(0.25)).toBe('0.25×');
    expect(speedText(1)).toBe('1×');
  });
});
