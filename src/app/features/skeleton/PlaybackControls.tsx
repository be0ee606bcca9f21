import { ToggleButton } from 'react-aria-components';
import { Slider } from '#app/components/ui/Slider';
import { clockText, speedText } from './clockText.ts';
import { ControlButton } from './ControlButton.tsx';
import type { GaitMarker } from './gaitMarkers.ts';
import { currentFrame, MAX_SPEED, MIN_SPEED, type PlaybackStatus } from './playback.ts';
import type { PlaybackStore } from './playbackStore.ts';
import {
  FollowIcon,
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
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
};

const STATUS_TEXT: Record<PlaybackStatus, string> = {
  loading: 'Loading',
  ready: 'Ready',
  playing: 'Playing',
  paused: 'Paused',
  ended: 'Ended: back at the start',
};

/** docs/spec.md §2 buttons (Start, Reset, Play, Next) and scrubbing, plus speed, frame steps and the follow camera. */
export function PlaybackControls({ store, markers, next, onReset, follow, onFollowChange }: PlaybackControlsProps) {
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
          {STATUS_TEXT[state.status]}
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
          tip="Reset: stop, back to the first walk at 1× speed and the starting camera view"
          onPress={onReset}
        />
        <ToggleButton
          className="button button--quiet player__button"
          aria-label="Follow walker"
          isSelected={follow}
          onChange={onFollowChange}
        >
          <FollowIcon />
          <span>
            Follow<span className="player__wide-only"> walker</span>
          </span>
        </ToggleButton>
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
