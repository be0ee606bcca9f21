import { useEffect, useState } from 'react';
import { MESSAGES } from '#shared/messages';
import type { FloorMarks } from '#shared/pose/scaleInput';
import { floorMarksOnWire, type PoseFloorMarks, type PoseJob } from '#shared/sessions/poseJobs';
import type { Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { serverErrorOf } from '#app/lib/api';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { resyncSessions } from './api/blurJobCalls.ts';
import { cancelPoseJob, retryPoseJob, usePoseJobs } from './api/poseJobCalls.ts';
import { sessionFileUrl } from './api/sessionFileUrls.ts';
import { poseJobStatus } from './poseJobText.ts';
import { START_MARKS } from './videoGait/floorMarks.ts';
import { FloorMarksPicker } from './videoGait/FloorMarksPicker.tsx';

export type PoseJobPanelProps = { session: Session; mayChange: boolean };

const isOpen = (job: PoseJob) => job.State === 'queued' || job.State === 'running';

/**
 * Two floor marks placed on the stored video and the distance between them, to measure the walk again scaled by
 * them: for a patient whose height is not on record, or not to be trusted (a child, a stoop).
 */
function FloorMarksRetry({ session, onMeasure }: { session: Session; onMeasure: (marks: PoseFloorMarks) => void }) {
  const login = useStoredLogin();
  const [marks, setMarks] = useState<FloorMarks>(START_MARKS);
  const [distanceM, setDistanceM] = useState(Number.NaN);
  if (login === null) return null;
  const given = distanceM >= 0.2 && distanceM <= 20;
  return (
    <div className="pose-job__marks">
      <FloorMarksPicker
        src={sessionFileUrl(session, 'video', login)}
        marks={marks}
        onMarksChange={setMarks}
        distanceM={distanceM}
        onDistanceChange={setDistanceM}
      />
      <div className="actions">
        <Button isDisabled={!given} onPress={() => onMeasure(floorMarksOnWire(marks, distanceM))}>
          Measure With These Marks
        </Button>
      </div>
    </div>
  );
}

/**
 * The server's measuring of a video stored without joint data, under the session's files: shown only when there is
 * such a job, with its progress in percent, or why it failed (no height on record, no walk the model could follow);
 * staff may cancel it, or measure again once the reason is put right, or scaled by two floor marks.
 */
export function PoseJobPanel({ session, mayChange }: PoseJobPanelProps) {
  const jobs = usePoseJobs(session.SubSessionID, session.UnblurredVideo);
  const [error, setError] = useState<string | undefined>();
  const [placingMarks, setPlacingMarks] = useState(false);
  const job = jobs.data?.[0];
  const state = job?.State;
  // A finished job stored joint data and metrics: the session row learns of them.
  useEffect(() => {
    if (state === 'done') void resyncSessions();
  }, [state]);
  if (job === undefined) return null;
  const act = (change: (job: PoseJob) => Promise<void>) => async () => {
    setError(undefined);
    await change(job).then(
      () => setPlacingMarks(false),
      async (failure: unknown) => setError((await serverErrorOf(failure)) ?? MESSAGES.someError),
    );
  };
  const retryable = job.State === 'failed' || job.State === 'cancelled';
  return (
    <section className="blur-job" aria-label="Measuring the walk">
      <h3 className="blur-job__title">Measuring the walk</h3>
      <p role="status">{poseJobStatus(job)}</p>
      {job.FloorMarks !== null && (
        <p className="field__description">Scaled by two floor marks {job.FloorMarks.DistanceM.toFixed(2)} m apart.</p>
      )}
      {isOpen(job) && <ProgressBar label="Measuring progress" value={job.Progress} />}
      {mayChange && (isOpen(job) || retryable) && (
        <div className="actions">
          {isOpen(job) ? (
            <Button variant="secondary" onPress={act(cancelPoseJob)}>
              Cancel measuring
            </Button>
          ) : (
            <>
              <Button variant="secondary" onPress={act((j) => retryPoseJob(j))}>
                Measure again
              </Button>
              {session.UnblurredVideo && (
                <Button variant="secondary" onPress={() => setPlacingMarks((open) => !open)}>
                  {placingMarks ? 'Close Floor Marks' : 'Scale by Floor Marks'}
                </Button>
              )}
            </>
          )}
        </div>
      )}
      {mayChange && retryable && placingMarks && (
        <FloorMarksRetry session={session} onMeasure={(marks) => void act((j) => retryPoseJob(j, marks))()} />
      )}
      {error !== undefined && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </section>
  );
}
