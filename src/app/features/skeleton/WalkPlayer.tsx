import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { walkBox, type CameraView } from './cameraPresets.ts';
import { CameraViews } from './CameraViews.tsx';
import { gaitMarkers } from './gaitMarkers.ts';
import { nextStep, nextTip } from './nextStep.ts';
import { PlaybackControls, type SceneState } from './PlaybackControls.tsx';
import { createPlaybackStore } from './playbackStore.ts';
import { SceneBoundary } from './SceneBoundary.tsx';
import { SkeletonLegend } from './SkeletonLegend.tsx';
import type { SkeletonRecording } from './skeletonRecording.ts';
import { usePlayerKeys } from './usePlayerKeys.ts';
import { SCENE_FAILED } from './webgl.ts';
import { benchProbe } from '#bench/skeletonProbe';

const SkeletonScene = lazy(() => import('./SkeletonScene.tsx').then((m) => ({ default: m.SkeletonScene })));

/** Another recording of the same session, e.g. sub-session 3.2 after 3.1. */
export type NextSubSession = { label: string; open: () => void };

/** Plays one walk of a loaded recording at a time; Next moves through the walks, then to the next sub-session. */
export type WalkPlayerProps = {
  recording: SkeletonRecording;
  nextSubSession: NextSubSession | null;
  antialias: boolean;
};

/** Says which skeleton is drawn when it is not the engine's own 20 joints. */
function drawnAsRecorded(recording: SkeletonRecording): string {
  const points = recording.shape.shown.reduce((sum, shown) => sum + shown, 0);
  const what = recording.format === 'c3d' || recording.format === 'opencapTrc' ? 'markers' : 'joints';
  return `Drawn as recorded: ${recording.formatName}, ${String(points)} ${what}.`;
}

export function WalkPlayer({ recording, nextSubSession, antialias }: WalkPlayerProps) {
  const [walkIndex, setWalkIndex] = useState(0);
  // The camera follows the walker by default, so the figure stays framed and large while it walks.
  const [view, setView] = useState<CameraView>('follow');
  const [homeKey, setHomeKey] = useState(0);
  const [scene, setScene] = useState<SceneState>('starting');
  const store = useMemo(() => createPlaybackStore(), []);
  const walk = recording.walks[walkIndex] ?? recording.walks[0];
  const box = useMemo(() => (walk ? walkBox(walk.positions, walk.scene) : null), [walk]);
  const markers = useMemo(
    () => (walk && box ? gaitMarkers(walk, Math.atan2(box.heading[0], box.heading[1])) : []),
    [walk, box],
  );
  usePlayerKeys(store, true);

  useEffect(() => {
    if (import.meta.env.BENCH_BUILD) benchProbe.store = store;
  }, [store]);

  useEffect(() => {
    if (walk) store.dispatch({ type: 'loaded', times: walk.times });
  }, [store, walk]);

  if (!walk || !box) return null;
  const walkCount = recording.walks.length;
  const step = nextStep(walkIndex, walkCount, nextSubSession !== null);
  const next = {
    tip: nextTip(step, walkCount, nextSubSession?.label),
    isDisabled: step.kind === 'none',
    onPress: () => {
      if (step.kind === 'walk') setWalkIndex(step.index);
      else if (step.kind === 'subSession') nextSubSession?.open();
    },
  };
  const reset = () => {
    setWalkIndex(0);
    setView('follow');
    store.dispatch({ type: 'reset' });
    setHomeKey((key) => key + 1);
  };

  return (
    <>
      <div className="skeleton-viewer__stage">
        <div
          className="skeleton-viewer__canvas"
          role="img"
          aria-label={`3D skeleton, walk ${walkIndex + 1} of ${walkCount}`}
        >
          <SceneBoundary
            onFailed={() => setScene('failed')}
            fallback={
              <p role="alert" className="skeleton-viewer__message">
                {SCENE_FAILED}
              </p>
            }
          >
            {/* The words are the status's (below): here only a busy bar, so the two never disagree. */}
            <Suspense fallback={<SceneStarting />}>
              <SkeletonScene
                walk={walk}
                box={box}
                shape={recording.shape}
                markers={markers}
                store={store}
                view={view}
                homeKey={homeKey}
                antialias={antialias}
                onShown={() => setScene('shown')}
              />
            </Suspense>
          </SceneBoundary>
        </div>
      </div>
      {/* Beside the stage, not over it: on a phone an overlay would cover the figure. */}
      <div className="skeleton-viewer__caption">
        <p className="skeleton-viewer__walk">
          Walk {walkIndex + 1} of {walkCount}
        </p>
        <CameraViews view={view} onChange={setView} />
        <SkeletonLegend plates={walk.plateEvents.length > 0} />
        {recording.format !== 'jointData' && <p className="skeleton-viewer__note">{drawnAsRecorded(recording)}</p>}
        {walk.eventsNote && <p className="skeleton-viewer__note">No gait events for this walk: {walk.eventsNote}</p>}
      </div>
      <PlaybackControls store={store} markers={markers} next={next} onReset={reset} scene={scene} />
    </>
  );
}

/** The stage while three.js loads and makes its first frame. */
function SceneStarting() {
  return (
    <div className="loading-bar" aria-hidden="true">
      <div className="loading-bar__track">
        <div className="loading-bar__fill loading-bar__fill--busy" />
      </div>
    </div>
  );
}
