import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useVideoAnalysis } from './useVideoAnalysis.ts';
import { VideoGaitDialog } from './VideoGaitDialog.tsx';

// The analysis is the dialog's edge (a worker running the pose model): the test sees what it would be asked.
const start = vi.fn();
vi.mock('./useVideoAnalysis.ts', () => ({ useVideoAnalysis: vi.fn() }));

beforeEach(() => {
  start.mockReset();
  vi.mocked(useVideoAnalysis).mockReturnValue({ state: { phase: 'idle' }, start, cancel: vi.fn() });
});

const walk = new File([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70])], 'walk.mp4', { type: 'video/mp4' });

async function openWithVideo(recordHeightM: number, video = walk) {
  const user = userEvent.setup();
  const { container } = render(<VideoGaitDialog recordHeightM={recordHeightM} onAdd={vi.fn()} onClose={vi.fn()} />);
  const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  await user.upload(input, video);
  expect(await screen.findByText(`${video.name} is ready to analyse.`)).toBeTruthy();
  return user;
}

const NOT_STORED = /The portal stores only MP4 video/;

const analyse = () => screen.getByRole('button', { name: 'Analyse Walk' });

describe('VideoGaitDialog', () => {
  it("starts from the height on the patient's record and says where it came from", async () => {
    const user = await openWithVideo(1.68);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Patient height/ }).value).toBe('1.68');
    expect(screen.getByText(/From the patient's record/)).toBeTruthy();
    await user.click(analyse());
    expect(start).toHaveBeenCalledWith(walk, 30, { kind: 'height', heightM: 1.68 });
  });

  it('asks for the height when the record has none, and analyses nothing until it is given', async () => {
    const user = await openWithVideo(Number.NaN);
    expect(analyse().hasAttribute('disabled') || analyse().getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.queryByText(/From the patient's record/)).toBeNull();
    const height = screen.getByRole('textbox', { name: /Patient height/ });
    await user.type(height, '1.72');
    await user.tab();
    await user.click(analyse());
    expect(start).toHaveBeenCalledWith(walk, 30, { kind: 'height', heightM: 1.72 });
  });

  it("takes a real MP4's frame rate from its frames' own times, not the 30 it starts from", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-25fps-'));
    const out = path.join(dir, 'walk25.mp4');
    execFileSync('/usr/bin/ffmpeg', [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25', '-t', '1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', out],
    ]);
    const video = new File([fs.readFileSync(out)], 'walk25.mp4', { type: 'video/mp4' });
    fs.rmSync(dir, { recursive: true, force: true });
    const user = await openWithVideo(1.68, video);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Frame rate/ }).value).toBe('25');
    expect(screen.getByText(/each of its frames is timed as the file says/)).toBeTruthy();
    await user.click(analyse());
    expect(start).toHaveBeenCalledWith(video, 25, { kind: 'height', heightM: 1.68 });
  });

  it('keeps a QuickTime video (an iPhone .mov) to store, as the server takes it by its ftyp box', async () => {
    const mov = new File(
      [new Uint8Array([0, 0, 0, 20, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20])],
      'IMG_0042.MOV',
      {
        type: 'video/quicktime',
      },
    );
    await openWithVideo(1.68, mov);
    expect(screen.queryByText(NOT_STORED)).toBeNull();
  });

  it('says a WebM video is analysed but not stored', async () => {
    const webm = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0])], 'walk.webm', { type: 'video/webm' });
    await openWithVideo(1.68, webm);
    expect(screen.getByText(NOT_STORED)).toBeTruthy();
  });

  it('scales by two floor marks moved with the keyboard and the distance entered', async () => {
    const user = await openWithVideo(1.68);
    await user.click(screen.getByRole('radio', { name: 'Two marks on the floor' }));
    expect(screen.queryByRole('textbox', { name: /Patient height/ })).toBeNull();
    const first = screen.getByRole('button', { name: /^Floor mark 1, 33\.3 % across, 90\.0 % down$/ });
    first.focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Floor mark 1, 35.3 % across, 89.8 % down' })).toBeTruthy();
    // No distance yet: no scale, no analysis.
    expect(analyse().hasAttribute('disabled') || analyse().getAttribute('aria-disabled') === 'true').toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Distance between the marks/ }), '2.5');
    await user.tab();
    await user.click(analyse());
    const [, , scale] = start.mock.calls[0] as [
      Blob,
      number,
      { kind: string; distanceM: number; marks: { x: number; y: number }[] },
    ];
    expect(scale.kind).toBe('floorMarks');
    expect(scale.distanceM).toBe(2.5);
    expect(scale.marks[0]?.x).toBeCloseTo(1 / 3 + 0.02, 9);
    expect(scale.marks[0]?.y).toBeCloseTo(0.898, 9);
    expect(scale.marks[1]).toEqual({ x: 2 / 3, y: 0.9 });
  });
});
