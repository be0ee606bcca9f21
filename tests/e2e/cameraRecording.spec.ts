import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { addSessionOpen } from './pages/AddSessionFlow.ts';
import { REFERENCE_CADENCE, VideoGaitDialog } from './pages/VideoGaitDialog.ts';
import { CHROMIUM_ARGS } from './support/chromium.ts';
import { sessionNumberBase } from './support/sessionNumbers.ts';

/**
 * Chromium's fake camera plays a Y4M file in a loop: the Sports2D walk (tests/fixtures/video/README.md), its last
 * frame held for 2 s so that a recording started a little late ends on a still walker rather than on the walk
 * starting over. Made here with the project's ffmpeg: raw frames are too large to keep in the repository.
 */
const walk = fileURLToPath(new URL('../fixtures/video/demoWalk.mp4', import.meta.url));
const camera = path.join(os.tmpdir(), 'gait-fake-camera-walk-v1.y4m');
if (!fs.existsSync(camera)) {
  const frames = ['-vf', 'scale=640:-2,tpad=stop_mode=clone:stop_duration=2', '-pix_fmt', 'yuv420p'];
  execFileSync('/usr/bin/ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    walk,
    ...frames,
    '-f',
    'yuv4mpegpipe',
    `${camera}.part`,
  ]);
  fs.renameSync(`${camera}.part`, camera);
}

/** The walk as a live WebM, as MediaRecorder writes it in Firefox: VP8, no Cues (seek index), no duration. */
const liveWebm = path.join(os.tmpdir(), 'gait-walk-live-v1.webm');
if (!fs.existsSync(liveWebm)) {
  const vp8 = ['-vf', 'scale=640:-2', '-c:v', 'libvpx', '-b:v', '2M', '-deadline', 'realtime', '-live', '1'];
  execFileSync('/usr/bin/ffmpeg', ['-loglevel', 'error', '-y', '-i', walk, ...vp8, '-f', 'webm', `${liveWebm}.part`]);
  fs.renameSync(`${liveWebm}.part`, liveWebm);
}

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
    ],
  },
});
const sessionNumber = sessionNumberBase('cameraRecording');

/**
 * Waits until the preview shows the loop start: the walker held still (the loop's last 2 s), then moving at once.
 * The preview is sampled small, every 50 ms; the held frame is the same picture again, so it barely differs.
 */
async function walkStartsAgain(preview: Locator): Promise<void> {
  await preview.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<void>((resolve, reject) => {
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [64, 36];
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (context === null) return reject(new Error('no canvas'));
        let previous: Uint8ClampedArray | undefined;
        const started = performance.now();
        let stillSince = started;
        const look = () => {
          context.drawImage(element, 0, 0, 64, 36);
          const pixels = context.getImageData(0, 0, 64, 36).data;
          let change = 0;
          for (let i = 0; previous !== undefined && i < pixels.length; i += 4)
            change += Math.abs((pixels[i] ?? 0) - (previous[i] ?? 0));
          previous = pixels;
          const now = performance.now();
          if (change < 200) {
            // still
          } else if (now - stillSince > 1000) {
            return resolve();
          } else {
            stillSince = now;
          }
          if (now - started > 20_000) return reject(new Error('the fake camera did not start its walk again'));
          setTimeout(look, 50);
        };
        look();
      }),
  );
}

test('a walk filmed with the camera is analysed on the device and added with its video', async ({ page, request }) => {
  test.setTimeout(300_000);
  const { add, addAndOpenFiles } = await addSessionOpen(page, request, sessionNumber);
  await add.dialog.getByRole('button', { name: 'Record or Choose Video' }).click();
  const video = new VideoGaitDialog(page);

  // getUserMedia and MediaRecorder as a tablet runs them; the page's Permissions-Policy must allow the camera.
  await video.dialog.getByRole('button', { name: 'Open Camera' }).click();
  await expect(video.dialog.getByLabel('Camera preview')).toBeVisible();
  await expect(video.dialog).toContainText('The camera gives 30 frames per second.');
  // The fake camera's loop is wherever it is when the preview shows: recording starts as the walk starts again, so
  // that the 4 s recorded hold one walk, not the end of one and the start of the next.
  await walkStartsAgain(video.dialog.getByLabel('Camera preview'));
  await video.dialog.getByRole('button', { name: 'Start Recording' }).click();
  // The walk lasts 4.7 s; the camera is read for 4 s of it.
  await page.waitForTimeout(4000);
  await video.dialog.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(video.dialog).toContainText(/walk-\d+\.mp4 is ready to analyse\./);
  await expect(video.dialog.getByRole('textbox', { name: 'Frame rate (fps)' })).toHaveValue('30');

  await video.analyseWithHeight('1.68');
  const cadence = await video.cadence();
  console.info(
    `cadence from the fake camera's recording: ${String(cadence)} steps/min (${String(REFERENCE_CADENCE)} by eye)`,
  );
  expect(Math.abs(cadence - REFERENCE_CADENCE) / REFERENCE_CADENCE).toBeLessThan(0.03);
  await video.dialog.getByRole('button', { name: 'Add to Session' }).click();

  await expect(add.dialog).toContainText('Video upload type: Unblurred video.');
  const { files } = await addAndOpenFiles();
  for (const kind of ['Joint Data File', 'Gait Metrics File', 'Unblurred Video']) {
    await expect(files.file(kind)).toContainText('Available');
  }
});

test('a WebM video with no index or duration is measured by playing it, and added without the video', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { add, addAndOpenFiles } = await addSessionOpen(page, request, sessionNumber + 1);
  await add.dialog.getByRole('button', { name: 'Record or Choose Video' }).click();
  const video = new VideoGaitDialog(page);
  await video.chooseVideo(liveWebm);
  await expect(video.dialog).toContainText('The portal stores only MP4 video');
  await video.analyseWithHeight('1.68');
  // Seeking such a file lands on a keyframe seconds away; its duration is Infinity: read by seeking, it never ended.
  const cadence = await video.cadence();
  console.info(
    `cadence from the WebM file, played: ${String(cadence)} steps/min (${String(REFERENCE_CADENCE)} by eye)`,
  );
  expect(Math.abs(cadence - REFERENCE_CADENCE) / REFERENCE_CADENCE).toBeLessThan(0.03);
  await video.dialog.getByRole('button', { name: 'Add to Session' }).click();

  await expect(add.dialog).toContainText('File upload type: Joint data and gait metrics.');
  const { files } = await addAndOpenFiles();
  for (const kind of ['Joint Data File', 'Gait Metrics File'])
    await expect(files.file(kind)).toContainText('Available');
  await expect(files.file('Unblurred Video')).not.toContainText('Available');
});
