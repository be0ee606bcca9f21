import { Slider } from '#app/components/ui/Slider';
import { clockText, speedText } from './clockText.ts';
import { ControlButton } from './ControlButton.tsx';
import type { GaitMarker } from './gaitMarkers.ts';
import { currentFrame, MAX_SPEED, MIN_SPEED, type PlaybackStatus } from './playback.ts';
import type { PlaybackStore } from './playbackStore.ts';
import {
  FramePreviousIcon,
  FrameNextIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  ResetIcon,
  StartIcon,
} from './playerIcons.tsx';
import { Timeline } from './Timeline.tsx';
import { usePlayback } from './usePlayback.ts';
import './player.css';

export type PlaybackControlsProps = {
  store: PlaybackStore;
  markers: readonly GaitMarker[];
  next: { tip: string; isDisabled: boolean; onPress: () => void };
  onReset: () => void;
  /** Whether the 3D view has drawn its first frame: until it has, playback is not what the viewer is waiting for. */
  scene: SceneState;
};

export type SceneState = 'starting' | 'shown' | 'failed';

const SCENE_TEXT: Record<Exclude<SceneState, 'shown'>, string> = {
  starting: 'Starting the 3D view…',
  failed: 'The 3D view could not start',
};

const STATUS_TEXT: Record<PlaybackStatus, string> = {
  loading: 'Loading',
  ready: 'Ready',
  playing: 'Playing',
  paused: 'Paused',
  ended: 'Ended: back at the start',
};

/**
 * docs/spec.md §2 buttons (Start, Reset, Play, Next) and scrubbing, plus speed and frame steps; and the viewer's one
 * status, which says the 3D view is starting until it is drawn, then how playback stands.
 */
export function PlaybackControls({ store, markers, next, onReset, scene }: PlaybackControlsProps) {
  const state = usePlayback(store);
  const { dispatch } = store;
  const isPlaying = state.status === 'playing';
  const duration = state.end - state.start;
  return (
    <div className="player">
      <Timeline
        position={state.time - state.start}
        duration={duration}
        markers={markers}
        walkStart={state.start}
        onScrub={(position) => dispatch({ type: 'scrub', time: state.start + position })}
      />
      <div className="player__readout">
        <span>
          {clockText(state.time - state.start)} / {clockText(duration)}
        </span>
        <span>
          Frame {currentFrame(state)} of {state.times.length}
        </span>
        <span role="status" aria-label="Playback status" className="player__status">
          {scene === 'shown' ? STATUS_TEXT[state.status] : SCENE_TEXT[scene]}
        </span>
      </div>
      <div className="player__buttons" role="toolbar" aria-label="Playback">
        <ControlButton
          label="Start"
          icon={<StartIcon />}
          tip="Start: back to the first frame of this walk (Home)"
          onPress={() => dispatch({ type: 'start' })}
        />
        <ControlButton
          label="Previous frame"
          iconOnly
          icon={<FramePreviousIcon />}
          tip="Previous frame (←)"
          onPress={() => dispatch({ type: 'step', frames: -1 })}
        />
        <ControlButton
          label={isPlaying ? 'Pause' : 'Play'}
          icon={isPlaying ? <PauseIcon /> : <PlayIcon />}
          tip={isPlaying ? 'Pause (Space)' : 'Play (Space)'}
          onPress={() => dispatch({ type: 'toggle' })}
        />
        <ControlButton
          label="Next frame"
          iconOnly
          icon={<FrameNextIcon />}
          tip="Next frame (→)"
          onPress={() => dispatch({ type: 'step', frames: 1 })}
        />
        <ControlButton
          label="Next"
          icon={<NextIcon />}
          tip={next.tip}
          isDisabled={next.isDisabled}
          onPress={next.onPress}
        />
        <ControlButton
          label="Reset"
          icon={<ResetIcon />}
          tip="Reset: stop, back to the first walk at 1× speed and the Follow camera"
          onPress={onReset}
        />
      </div>
      <div className="player__speed">
        <Slider
          label="Speed"
          minValue={MIN_SPEED}
          maxValue={MAX_SPEED}
          step={0.25}
          value={state.speed}
          format={speedText}
          onChange={(speed) => dispatch({ type: 'speed', speed })}
        />
      </div>
    </div>
  );
}
