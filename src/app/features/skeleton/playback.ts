import { frameAt } from './framePose.ts';

/**
 * The player of docs/spec.md §2 as a pure state machine: loading, then ready; play and pause; at the end playback stops and
 * goes back to the start ('ended'); scrubbing while playing keeps playing from the new time.
 */
export type PlaybackStatus = 'loading' | 'ready' | 'playing' | 'paused' | 'ended';

export type PlaybackState = {
  status: PlaybackStatus;
  /** Seconds since the start of the recording, like the bout's frame times. */
  time: number;
  start: number;
  end: number;
  /** Playback rate, 1 = real time. */
  speed: number;
  /** Frame times of the walk being played (shared, never copied); empty while loading. */
  times: Float64Array;
};

export type PlaybackAction =
  | { type: 'load' }
  | { type: 'loaded'; times: Float64Array }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  | { type: 'scrub'; time: number }
  | { type: 'step'; frames: number }
  | { type: 'speed'; speed: number }
  | { type: 'tick'; elapsed: number }
  | { type: 'start' }
  | { type: 'reset' };

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 2;
/** A hidden tab pauses animation frames; on return the first tick must not leap through the walk. */
export const MAX_TICK_S = 0.1;

export const INITIAL_PLAYBACK: PlaybackState = {
  status: 'loading',
  time: 0,
  start: 0,
  end: 0,
  speed: 1,
  times: new Float64Array(0),
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function playback(state: PlaybackState, action: PlaybackAction): PlaybackState {
  if (action.type === 'load') return { ...INITIAL_PLAYBACK, speed: state.speed };
  if (action.type === 'loaded') return loaded(state, action.times);
  // Nothing to play until a walk is loaded.
  if (state.status === 'loading') return action.type === 'speed' ? withSpeed(state, action.speed) : state;
  switch (action.type) {
    case 'play':
      return play(state);
    case 'pause':
      return state.status === 'playing' ? { ...state, status: 'paused' } : state;
    case 'toggle':
      return state.status === 'playing' ? { ...state, status: 'paused' } : play(state);
    case 'scrub':
      return {
        ...state,
        time: clamp(action.time, state.start, state.end),
        status: state.status === 'playing' ? 'playing' : 'paused',
      };
    case 'step':
      return { ...state, time: steppedTime(state, action.frames), status: 'paused' };
    case 'speed':
      return withSpeed(state, action.speed);
    case 'tick':
      return tick(state, action.elapsed);
    case 'start':
      return { ...state, time: state.start, status: state.status === 'ended' ? 'ready' : state.status };
    case 'reset':
      return { ...state, time: state.start, status: 'ready', speed: 1 };
  }
}

function loaded(state: PlaybackState, times: Float64Array): PlaybackState {
  const start = times[0] ?? 0;
  const end = times[times.length - 1] ?? start;
  return { status: 'ready', time: start, start, end, speed: state.speed, times };
}

/** Playing from the very end would end at once: it starts over instead. */
function play(state: PlaybackState): PlaybackState {
  const time = state.time >= state.end ? state.start : state.time;
  return { ...state, time, status: state.end > state.start ? 'playing' : state.status };
}

function withSpeed(state: PlaybackState, speed: number): PlaybackState {
  return Number.isFinite(speed) ? { ...state, speed: clamp(speed, MIN_SPEED, MAX_SPEED) } : state;
}

/** Returns the same object when nothing changes, so a paused player costs no re-render per animation frame. */
function tick(state: PlaybackState, elapsed: number): PlaybackState {
  if (state.status !== 'playing' || !(elapsed > 0)) return state;
  const time = state.time + Math.min(elapsed, MAX_TICK_S) * state.speed;
  if (time >= state.end) return { ...state, time: state.start, status: 'ended' };
  return { ...state, time };
}

/**
 * Frame by frame: from between two frames, one step back lands on the frame just passed and one step forward on the
 * next one, as a clinician counting frames expects.
 */
function steppedTime(state: PlaybackState, frames: number): number {
  const { times } = state;
  if (times.length === 0 || frames === 0) return state.time;
  const current = frameAt(times, state.time);
  const between = state.time > (times[current] ?? state.time);
  const target = frames < 0 && between ? current + frames + 1 : current + frames;
  return times[clamp(target, 0, times.length - 1)] ?? state.time;
}

/** The 1-based frame shown at the state's time (the frame at or before it). */
export function currentFrame(state: PlaybackState): number {
  return state.times.length === 0 ? 0 : frameAt(state.times, state.time) + 1;
}
