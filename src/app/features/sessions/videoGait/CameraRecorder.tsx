import { useEffect, useRef, useState } from 'react';
import { Button } from '#app/components/ui/Button';

export type Recording = { video: Blob; frameRateHz: number; isMp4: boolean };

/** MP4 where the browser records it (Safari, recent Chromium); the portal stores only MP4 video. */
const MP4_TYPES = ['video/mp4;codecs=avc1', 'video/mp4'];

/**
 * The tablet's or phone's camera: a live preview, Start and Stop. The frame rate is the one the camera really gave
 * (its track settings), asked for at 60 fps where the camera offers it: 30 fps times events only to 33 ms.
 */
export function CameraRecorder({ onRecorded }: { onRecorded: (recording: Recording) => void }) {
  const preview = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | undefined>();
  const [recorder, setRecorder] = useState<MediaRecorder | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  const open = async () => {
    setError(undefined);
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', frameRate: { ideal: 60 }, width: { ideal: 1280 } },
        audio: false,
      });
      setStream(media);
      if (preview.current) preview.current.srcObject = media;
    } catch {
      setError('The camera could not be opened. Allow camera access, or choose a video file instead.');
    }
  };

  const start = () => {
    if (stream === undefined) return;
    const mimeType = MP4_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream, mimeType === undefined ? {} : { mimeType });
    const chunks: Blob[] = [];
    const frameRateHz = stream.getVideoTracks()[0]?.getSettings().frameRate ?? 30;
    media.ondataavailable = (event) => chunks.push(event.data);
    media.onstop = () => {
      const type = media.mimeType || 'video/webm';
      onRecorded({ video: new Blob(chunks, { type }), frameRateHz, isMp4: type.startsWith('video/mp4') });
      stream.getTracks().forEach((track) => track.stop());
      setStream(undefined);
    };
    media.start();
    setRecorder(media);
  };

  const stop = () => {
    recorder?.stop();
    setRecorder(undefined);
  };

  const rate = stream?.getVideoTracks()[0]?.getSettings().frameRate;
  return (
    <div className="video-gait__camera">
      <video
        ref={preview}
        hidden={stream === undefined}
        autoPlay
        muted
        playsInline
        aria-label="Camera preview"
        className="video-gait__preview"
      />
      {rate !== undefined && (
        <p className="field__description">The camera gives {Math.round(rate)} frames per second.</p>
      )}
      {error && <p className="field__error">{error}</p>}
      <div className="actions">
        {stream === undefined ? (
          <Button variant="secondary" onPress={() => void open()}>
            Open Camera
          </Button>
        ) : recorder === undefined ? (
          <Button onPress={start}>Start Recording</Button>
        ) : (
          <Button onPress={stop}>Stop Recording</Button>
        )}
      </div>
    </div>
  );
}
