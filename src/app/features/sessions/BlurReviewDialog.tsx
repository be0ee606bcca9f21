import { useRef, useState, type PointerEvent } from 'react';
import type { BlurDecision, BlurJob, BlurRegion } from '#shared/sessions/blurJobs';
import { headRegionsAt } from '#shared/sessions/headBoxes';
import { MESSAGES } from '#shared/messages';
import { sessionAndSubSessionNumber, type Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { Slider } from '#app/components/ui/Slider';
import { serverErrorOf } from '#app/lib/api';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { reviewBlurJob } from './api/blurJobCalls.ts';
import { sessionFileUrl } from './api/sessionFileUrls.ts';
import { RegionBoxes, regionFromDrag } from './RegionBoxes.tsx';

export type BlurReviewDialogProps = { session: Session; job: BlurJob; onClose: () => void };

/**
 * The review of a finished blurring job (docs/blurring.md): the original and the blurred video side by side, one
 * slider scrubbing both, the job's boxes drawn over them; Confirm, Reject, Release whole-frame blur, or regions
 * dragged on the original for a re-run. Nothing is released until the reviewer decides.
 */
export function BlurReviewDialog({ session, job, onClose }: BlurReviewDialogProps) {
  const login = useStoredLogin();
  const original = useRef<HTMLVideoElement>(null);
  const blurred = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [marked, setMarked] = useState<BlurRegion[]>([]);
  const [dragFrom, setDragFrom] = useState<{ x: number; y: number } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const scrub = (seconds: number) => {
    setTime(seconds);
    for (const video of [original.current, blurred.current]) if (video) video.currentTime = seconds;
  };
  const decide = (decision: BlurDecision, close: () => void) => async () => {
    setBusy(true);
    setError(undefined);
    try {
      await reviewBlurJob(job, decision, decision === 'rerunWithRegions' ? marked : undefined);
      close();
    } catch (failure) {
      setError((await serverErrorOf(failure)) ?? MESSAGES.someError);
    } finally {
      setBusy(false);
    }
  };
  const at = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };
  const name = `session ${sessionAndSubSessionNumber(session)}`;
  // The heads filled at the moment shown, drawn over both videos: on the original a reviewer sees whether each
  // face is inside its box.
  const heads = job.HeadBoxes === null ? [] : headRegionsAt(job.HeadBoxes, time);
  return (
    <Dialog title="Review Blurred Video" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p className="session-files__subject">
            {session.PatientName} ({session.GivenPatientID}), {name}
          </p>
          {login && (
            <div className="blur-review">
              <figure className="blur-review__pane">
                <div
                  className="blur-review__frame"
                  onPointerDown={(event) => setDragFrom(at(event))}
                  onPointerUp={(event) => {
                    const region = dragFrom && regionFromDrag(dragFrom, at(event), time);
                    setDragFrom(undefined);
                    if (region) setMarked((regions) => [...regions, region]);
                  }}
                >
                  <video
                    ref={original}
                    crossOrigin="anonymous"
                    preload="auto"
                    muted
                    src={sessionFileUrl(session, 'video', login)}
                    aria-label={`Original video of ${name}`}
                    onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
                  />
                  <RegionBoxes regions={heads} label="Detected head" />
                  <RegionBoxes regions={marked} label="Marked region" />
                </div>
                <figcaption>Original (drag to mark a region)</figcaption>
              </figure>
              <figure className="blur-review__pane">
                <div className="blur-review__frame">
                  <video
                    ref={blurred}
                    crossOrigin="anonymous"
                    preload="auto"
                    muted
                    src={sessionFileUrl(session, 'blurredVideo', login)}
                    aria-label={`Blurred video of ${name}`}
                  />
                  <RegionBoxes regions={heads} label="Filled head" />
                  <RegionBoxes regions={job.Regions} label="Marked region of this run" />
                </div>
                <figcaption>
                  {job.Method === 'wholeFrame'
                    ? 'Blurred: the whole frame is blurred, so no boxes are needed'
                    : `Blurred: ${String(heads.length)} detected head${heads.length === 1 ? '' : 's'} filled here; check every face is covered`}
                </figcaption>
              </figure>
            </div>
          )}
          <Slider
            label="Position (s)"
            minValue={0}
            maxValue={Math.max(duration, 0.1)}
            step={0.04}
            value={time}
            onChange={scrub}
            format={(seconds) => seconds.toFixed(2)}
          />
          {marked.length > 0 && (
            <p>
              {marked.length} region{marked.length === 1 ? '' : 's'} marked{' '}
              <Button variant="quiet" onPress={() => setMarked([])}>
                Clear marked regions
              </Button>
            </p>
          )}
          {error !== undefined && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          <div className="actions">
            <Button variant="secondary" onPress={close}>
              Close
            </Button>
            <Button variant="danger" isDisabled={busy} onPress={decide('reject', close)}>
              Reject
            </Button>
            <Button
              variant="secondary"
              isDisabled={busy || marked.length === 0}
              onPress={decide('rerunWithRegions', close)}
            >
              Re-run with marked regions
            </Button>
            <Button variant="secondary" isDisabled={busy} onPress={decide('releaseWholeFrame', close)}>
              Release whole-frame blur
            </Button>
            <Button isDisabled={busy} onPress={decide('confirm', close)}>
              Confirm
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
