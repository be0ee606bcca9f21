import { useState } from 'react';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { FileButton } from '#app/components/ui/FileButton';
import { NumberField } from '#app/components/ui/NumberField';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { CameraRecorder, type Recording } from './CameraRecorder.tsx';
import { useVideoAnalysis } from './useVideoAnalysis.ts';
import { videoGaitFiles } from './videoGaitFiles.ts';
import { VideoGaitSummary } from './VideoGaitSummary.tsx';
import './videoGait.css';

type Chosen = { video: Blob; file: File | undefined; frameRateHz: number; note?: string };

export type VideoGaitDialogProps = {
  onAdd: (files: File[]) => void;
  onClose: () => void;
};

/**
 * Record or Choose Video: a side-view walk filmed on the device (or a video file), analysed on the device by the
 * pose model in a worker; the video, its joint data and metrics then join the session's files.
 */
export function VideoGaitDialog({ onAdd, onClose }: VideoGaitDialogProps) {
  const [chosen, setChosen] = useState<Chosen | undefined>();
  const [heightM, setHeightM] = useState<number>(Number.NaN);
  const [frameRate, setFrameRate] = useState(30);
  const { state, start, cancel } = useVideoAnalysis();

  const recorded = (recording: Recording) => {
    const file = recording.isMp4
      ? new File([recording.video], `walk-${Date.now()}.mp4`, { type: 'video/mp4' })
      : undefined;
    setFrameRate(Math.round(recording.frameRateHz * 100) / 100);
    setChosen({
      video: recording.video,
      file,
      frameRateHz: recording.frameRateHz,
      note: file
        ? undefined
        : 'This browser records WebM, which the portal does not store: the joint data and metrics are added without the video.',
    });
  };
  const canAnalyse =
    chosen !== undefined && heightM >= 0.5 && heightM <= 2.5 && frameRate >= 5 && state.phase !== 'running';

  return (
    <Dialog title="Record or Choose Video" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <div className="video-gait">
          <p className="field__description">
            Film from the side, with the camera still at hip height: the whole body in the frame, from head to feet,
            while the patient walks across the view for at least four steps.
          </p>
          <CameraRecorder onRecorded={recorded} />
          <FileButton
            accept={['video/mp4', '.mp4', 'video/*']}
            onSelect={([file]) => file && setChosen({ video: file, file, frameRateHz: frameRate })}
            isDisabled={state.phase === 'running'}
          >
            Choose Video
          </FileButton>
          {chosen && <p className="field__description">{chosen.file?.name ?? 'Recorded walk'} is ready to analyse.</p>}
          {chosen?.note && <p className="field__description">{chosen.note}</p>}
          <div className="form-row">
            <NumberField
              label="Patient height (m)"
              description="Scales the video: ankle to shoulder is 0.78 of the height."
              isRequired
              minValue={0.5}
              maxValue={2.5}
              step={0.01}
              value={heightM}
              onChange={setHeightM}
            />
            <NumberField
              label="Frame rate (fps)"
              description="The video's frames per second."
              isRequired
              minValue={5}
              maxValue={240}
              value={frameRate}
              onChange={setFrameRate}
            />
          </div>
          {state.phase === 'running' && (
            <ProgressBar
              label="Finding the body in each frame"
              value={state.progress ? (100 * state.progress.done) / state.progress.total : undefined}
            />
          )}
          {state.phase === 'running' && state.progress && (
            <p className="field__description">
              {state.progress.framesPerSecond.toFixed(1)} frames per second ({state.progress.backend}).
            </p>
          )}
          {state.phase === 'failed' && <p className="field__error">{state.error}</p>}
          {state.phase === 'done' && <VideoGaitSummary gait={state.gait} />}
          <div className="actions">
            <Button variant="secondary" onPress={state.phase === 'running' ? cancel : close}>
              {state.phase === 'running' ? 'Cancel Analysis' : 'Close'}
            </Button>
            {state.phase === 'done' ? (
              <Button
                onPress={() => {
                  onAdd(videoGaitFiles(state.gait, chosen?.file, new Date()));
                  close();
                }}
              >
                Add to Session
              </Button>
            ) : (
              <Button isDisabled={!canAnalyse} onPress={() => chosen && void start(chosen.video, frameRate, heightM)}>
                Analyse Walk
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
