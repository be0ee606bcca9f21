import { useEffect, useMemo, useState } from 'react';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { FileButton } from '#app/components/ui/FileButton';
import { NumberField } from '#app/components/ui/NumberField';
import { ProgressBar } from '#app/components/ui/ProgressBar';
import { RadioGroup } from '#app/components/ui/RadioGroup';
import { hasMp4Signature } from '#shared/sessions/mp4Structure';
import { CameraRecorder, type Recording } from './CameraRecorder.tsx';
import type { FloorMarks, ScaleInput } from '#shared/pose/scaleInput';
import { START_MARKS } from './floorMarks.ts';
import { FloorMarksPicker } from './FloorMarksPicker.tsx';
import { mp4FileFrameTimes } from './videoFrames.ts';
import { useVideoAnalysis } from './useVideoAnalysis.ts';
import { videoGaitFiles, type VideoGaitFile } from './videoGaitFiles.ts';
import { VideoGaitSummary } from './VideoGaitSummary.tsx';
import './videoGait.css';

/**
 * The video to analyse, what it is called, the MP4 to store with the session (none for another format), and the
 * average frame rate its own frame times give (undefined where it has none: a WebM). The rate analysed is the
 * dialog's field, which a file's own rate fills.
 */
type Chosen = { video: Blob; name: string; file: File | undefined; fileRateHz?: number; note?: string };

/** The portal stores only MP4 video: another format is analysed, and its video left out. */
const RECORDED_WEBM =
  'This browser records WebM, which the portal does not store: the joint data and metrics are added without the video.';

/**
 * A chosen file, stored with the session when it is an MP4 or QuickTime video (an iPhone's .mov): the server decides
 * by the same first bytes (an ISO media file's 'ftyp' box), whatever the file's name or type says.
 */
async function chosenFile(file: File): Promise<Chosen> {
  const storable = hasMp4Signature(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  const times = storable ? await mp4FileFrameTimes(file) : undefined;
  const last = times?.at(-1) ?? 0;
  const fileRateHz = times !== undefined && last > 0 ? Math.round(((times.length - 1) / last) * 100) / 100 : undefined;
  return storable
    ? { video: file, name: file.name, file, fileRateHz }
    : {
        video: file,
        name: file.name,
        file: undefined,
        note: 'The portal stores only MP4 video: the joint data and metrics of this video are added without it.',
      };
}

/** An address for the blob while it is shown, revoked when it changes or the dialog closes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob === undefined ? undefined : URL.createObjectURL(blob)), [blob]);
  useEffect(
    () => () => {
      if (url !== undefined) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export type VideoGaitDialogProps = {
  /** The patient's height on record (m), or NaN when the record has none or no patient is chosen yet. */
  recordHeightM: number;
  onAdd: (files: VideoGaitFile[]) => void;
  onClose: () => void;
};

const SCALE_OPTIONS = [
  { id: 'height', label: "The patient's height" },
  { id: 'floorMarks', label: 'Two marks on the floor' },
];

/**
 * Record or Choose Video: a side-view walk filmed on the device (or a video file), analysed on the device by the
 * pose model in a worker; the video, its joint data and metrics then join the session's files.
 */
export function VideoGaitDialog({ recordHeightM, onAdd, onClose }: VideoGaitDialogProps) {
  const [chosen, setChosen] = useState<Chosen | undefined>();
  const [heightM, setHeightM] = useState<number>(recordHeightM);
  const [scaleKind, setScaleKind] = useState<ScaleInput['kind']>('height');
  const [marks, setMarks] = useState<FloorMarks>(START_MARKS);
  const [distanceM, setDistanceM] = useState<number>(Number.NaN);
  const [frameRate, setFrameRate] = useState(30);
  const { state, start, cancel } = useVideoAnalysis();
  const chosenUrl = useObjectUrl(chosen?.video);

  const recorded = (recording: Recording) => {
    const file = recording.isMp4
      ? new File([recording.video], `walk-${Date.now()}.mp4`, { type: 'video/mp4' })
      : undefined;
    setFrameRate(Math.round(recording.frameRateHz * 100) / 100);
    setChosen({
      video: recording.video,
      name: file?.name ?? 'Recorded walk',
      file,
      note: file ? undefined : RECORDED_WEBM,
    });
  };
  const scale: ScaleInput =
    scaleKind === 'height' ? { kind: 'height', heightM } : { kind: 'floorMarks', distanceM, marks };
  const scaleGiven = scale.kind === 'height' ? heightM >= 0.5 && heightM <= 2.5 : distanceM >= 0.2 && distanceM <= 20;
  const canAnalyse = chosen !== undefined && scaleGiven && frameRate >= 5 && state.phase !== 'running';
  const fromRecord = Number.isFinite(recordHeightM) && heightM === recordHeightM;

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
            onSelect={([file]) =>
              file &&
              void chosenFile(file).then((picked) => {
                setChosen(picked);
                if (picked.fileRateHz !== undefined) setFrameRate(picked.fileRateHz);
              })
            }
            isDisabled={state.phase === 'running'}
          >
            Choose Video
          </FileButton>
          {chosen && <p className="field__description">{chosen.name} is ready to analyse.</p>}
          {chosen?.note && <p className="field__description">{chosen.note}</p>}
          <RadioGroup
            label="Scale the video by"
            options={SCALE_OPTIONS}
            value={scaleKind}
            onChange={(kind) => setScaleKind(kind === 'floorMarks' ? 'floorMarks' : 'height')}
            orientation="horizontal"
            isDisabled={state.phase === 'running'}
          />
          <div className="form-row">
            {scaleKind === 'height' && (
              <NumberField
                label="Patient height (m)"
                description={
                  fromRecord
                    ? "From the patient's record. Ankle to shoulder is 0.78 of the height."
                    : 'Scales the video: ankle to shoulder is 0.78 of the height.'
                }
                isRequired
                minValue={0.5}
                maxValue={2.5}
                step={0.01}
                value={heightM}
                onChange={setHeightM}
              />
            )}
            <NumberField
              label="Frame rate (fps)"
              description={
                chosen?.fileRateHz !== undefined
                  ? 'Read from the video: each of its frames is timed as the file says.'
                  : "The video's frames per second."
              }
              isRequired
              minValue={5}
              maxValue={240}
              value={frameRate}
              onChange={setFrameRate}
            />
          </div>
          {scaleKind === 'floorMarks' &&
            (chosen ? (
              <FloorMarksPicker
                src={chosenUrl ?? ''}
                marks={marks}
                onMarksChange={setMarks}
                distanceM={distanceM}
                onDistanceChange={setDistanceM}
              />
            ) : (
              <p className="field__description">Record or choose the video first, then mark the floor on it.</p>
            ))}
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
              <Button isDisabled={!canAnalyse} onPress={() => chosen && void start(chosen.video, frameRate, scale)}>
                Analyse Walk
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
