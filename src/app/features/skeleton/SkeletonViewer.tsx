import { useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { ControlButton } from './ControlButton.tsx';
import { LoadingBar } from './LoadingBar.tsx';
import { recordingUrls } from './loadJointData.ts';
import { ExitFullscreenIcon, FullscreenIcon } from './playerIcons.tsx';
import { useFullscreen } from './useFullscreen.ts';
import { useSkeletonRecording } from './useSkeletonRecording.ts';
import { WalkPlayer, type NextSubSession } from './WalkPlayer.tsx';
import { NO_WEBGL, probeWebgl } from './webgl.ts';
import './skeletonViewer.css';

// The bench build's hook for tests/bench/skeletonPlayback.ts; the product build drops this branch.
if (import.meta.env.BENCH_BUILD) void import('#bench/skeletonBench').then((m) => m.installSkeletonBench());

export type SkeletonViewerProps = {
  sessionId: string;
  subSessionId: string;
  /** The next sub-session of the same session, when the caller knows it: Next goes there after the last walk. */
  nextSubSession?: NextSubSession | null;
  /**
   * Whether the session keeps the recording as uploaded in another format, whose own skeleton is then drawn; null
   * while the caller is still finding out, when nothing is downloaded yet.
   */
  hasOriginal?: boolean | null;
};

/**
 * The skeleton viewer of docs/spec.md §2: the session's joint data file played as a 3D skeleton. Used by the viewer page
 * and by the session browser's dialog alike; the three.js code loads only once a file is ready to play.
 */
export function SkeletonViewer({
  sessionId,
  subSessionId,
  nextSubSession = null,
  hasOriginal = false,
}: SkeletonViewerProps) {
  const login = useStoredLogin();
  if (!login) return null;
  if (hasOriginal === null) return <WaitingFrame />;
  const { url, fallbackUrl, metricsUrl } = recordingUrls(sessionId, subSessionId, login.loginType, hasOriginal);
  // A new file starts from scratch: its own download, walks, player and camera.
  return (
    <ViewerFrame
      key={url}
      url={url}
      fallbackUrl={fallbackUrl}
      metricsUrl={metricsUrl}
      nextSubSession={nextSubSession}
    />
  );
}

/** The viewer as it looks while its file downloads, before it knows which file: the page does not jump. */
function WaitingFrame() {
  return (
    <section className="skeleton-viewer" aria-label="Skeleton viewer">
      <div className="skeleton-viewer__stage skeleton-viewer__stage--message">
        <LoadingBar progress={{ phase: 'downloading', fraction: null }} />
      </div>
    </section>
  );
}

type ViewerFrameProps = {
  url: string;
  fallbackUrl: string | undefined;
  metricsUrl: string;
  nextSubSession: NextSubSession | null;
};

function ViewerFrame({ url, fallbackUrl, metricsUrl, nextSubSession }: ViewerFrameProps) {
  const containerRef = useRef<HTMLElement>(null);
  const { state, retry } = useSkeletonRecording(url, fallbackUrl, metricsUrl);
  const fullscreen = useFullscreen(containerRef);
  const [webgl] = useState(probeWebgl);
  return (
    <section ref={containerRef} className="skeleton-viewer" aria-label="Skeleton viewer">
      {/* In the stage's corner rather than on a bar of its own, so the stage keeps that height. */}
      {fullscreen.isSupported && (
        <div className="skeleton-viewer__corner">
          <ControlButton
            label={fullscreen.isFullscreen ? 'Exit full screen' : 'Full screen'}
            iconOnly
            icon={fullscreen.isFullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
            tip={fullscreen.isFullscreen ? 'Exit full screen (Esc)' : 'Full screen'}
            onPress={() => void fullscreen.toggle()}
          />
        </div>
      )}
      {state.phase === 'ready' && webgl.available ? (
        <WalkPlayer recording={state.recording} nextSubSession={nextSubSession} antialias={!webgl.software} />
      ) : (
        <div className="skeleton-viewer__stage skeleton-viewer__stage--message">
          {state.phase === 'loading' && <LoadingBar progress={state.progress} />}
          {state.phase === 'failed' && (
            <div role="alert" className="skeleton-viewer__message">
              <p>{state.message}</p>
              {state.canRetry && (
                <Button className="button button--primary" onPress={retry}>
                  Try again
                </Button>
              )}
            </div>
          )}
          {state.phase === 'ready' && (
            <p role="alert" className="skeleton-viewer__message">
              {NO_WEBGL}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
