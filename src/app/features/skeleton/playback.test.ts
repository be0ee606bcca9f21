import { describe, expect, it } from 'vitest';
import {
  currentFrame,
  INITIAL_PLAYBACK,
  MAX_TICK_S,
  playback,
  type PlaybackAction,
  type PlaybackState,
} from './playback.ts';

/** A 1-second walk at 10 Hz starting 5 s into the recording: frames at 5.0, 5.1, … 6.0. */
const TIMES = Float64Array.from({ length: 11 }, (_, i) => 5 + i / 10);

const run = (...actions: PlaybackAction[]): PlaybackState => actions.reduce(playback, INITIAL_PLAYBACK);
const ready = () => run({ type: 'loaded', times: TIMES });

describe('playback', () => {
  it('waits while loading and is ready at the first frame once loaded', () => {
    expect(run({ type: 'play' }).status).toBe('loading');
    expect(run({ type: 'tick', elapsed: 0.05 })).toBe(INITIAL_PLAYBACK);
    expect(ready()).toMatchObject({ status: 'ready', time: 5, start: 5, end: 6 });
  });

  it('plays, advances with the clock at the chosen speed, and pauses', () => {
    let state = playback(ready(), { type: 'play' });
    state = playback(state, { type: 'tick', elapsed: 0.05 });
    expect(state.status).toBe('playing');
    expect(state.time).toBeCloseTo(5.05);
    state = playback(playback(state, { type: 'speed', speed: 2 }), { type: 'tick', elapsed: 0.05 });
    expect(state.time).toBeCloseTo(5.15);
    state = playback(state, { type: 'pause' });
    expect(playback(state, { type: 'tick', elapsed: 0.05 })).toBe(state);
    expect(state.status).toBe('paused');
  });

  it('stops at the end and goes back to the start; Play then plays from the start', () => {
    let state = run({ type: 'loaded', times: TIMES }, { type: 'play' }, { type: 'scrub', time: 5.95 });
    state = playback(state, { type: 'tick', elapsed: 0.06 });
    expect(state).toMatchObject({ status: 'ended', time: 5 });
    expect(playback(state, { type: 'play' })).toMatchObject({ status: 'playing', time: 5 });
  });

  it('keeps playing from the scrubbed time when it was playing, and pauses there otherwise', () => {
    const playing = run({ type: 'loaded', times: TIMES }, { type: 'play' }, { type: 'scrub', time: 5.5 });
    expect(playing).toMatchObject({ status: 'playing', time: 5.5 });
    expect(playback(playing, { type: 'tick', elapsed: 0.05 }).time).toBeCloseTo(5.55);
    expect(playback(ready(), { type: 'scrub', time: 5.5 })).toMatchObject({ status: 'paused', time: 5.5 });
    expect(playback(ready(), { type: 'scrub', time: 99 }).time).toBe(6);
    expect(playback(ready(), { type: 'scrub', time: -1 }).time).toBe(5);
  });

  it('steps frame by frame, pausing, and never past either end', () => {
    const playing = run({ type: 'loaded', times: TIMES }, { type: 'play' });
    expect(playback(playing, { type: 'step', frames: 1 })).toMatchObject({ status: 'paused', time: 5.1 });
    const between = playback(ready(), { type: 'scrub', time: 5.34 });
    expect(playback(between, { type: 'step', frames: -1 }).time).toBeCloseTo(5.3);
    expect(playback(between, { type: 'step', frames: 1 }).time).toBeCloseTo(5.4);
    expect(playback(ready(), { type: 'step', frames: -1 }).time).toBe(5);
    expect(playback(playback(ready(), { type: 'scrub', time: 6 }), { type: 'step', frames: 1 }).time).toBe(6);
  });

  it('keeps the speed between 0.25× and 2×', () => {
    expect(playback(ready(), { type: 'speed', speed: 0.1 }).speed).toBe(0.25);
    expect(playback(ready(), { type: 'speed', speed: 5 }).speed).toBe(2);
    expect(playback(ready(), { type: 'speed', speed: Number.NaN }).speed).toBe(1);
  });

  it('does not leap through the walk after the tab was hidden', () => {
    const state = run({ type: 'loaded', times: TIMES }, { type: 'play' }, { type: 'tick', elapsed: 30 });
    expect(state).toMatchObject({ status: 'playing' });
    expect(state.time).toBeCloseTo(5 + MAX_TICK_S);
  });

  it('Start goes to the first frame and keeps playing; Reset stops there at 1×', () => {
    const playing = run(
      { type: 'loaded', times: TIMES },
      { type: 'speed', speed: 2 },
      { type: 'play' },
      { type: 'scrub', time: 5.5 },
    );
    expect(playback(playing, { type: 'start' })).toMatchObject({ status: 'playing', time: 5 });
    expect(playback(playing, { type: 'reset' })).toMatchObject({ status: 'ready', time: 5, speed: 1 });
  });

  it('a new walk keeps the chosen speed', () => {
    const state = run(
      { type: 'loaded', times: TIMES },
      { type: 'speed', speed: 0.5 },
      { type: 'load' },
      { type: 'loaded', times: TIMES },
    );
    expect(state).toMatchObject({ status: 'ready', speed: 0.5 });
  });

  it('names the frame on show, counting from 1', () => {
    expect(currentFrame(ready())).toBe(1);
    expect(currentFrame(playback(ready(), { type: 'scrub', time: 5.34 }))).toBe(4);
    expect(currentFrame(INITIAL_PLAYBACK)).toBe(0);
  });
});
