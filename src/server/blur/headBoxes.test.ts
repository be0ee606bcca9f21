import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { heldHeadBoxes, type HeadBox } from '#shared/sessions/headBoxes';
import { decodeFrames } from '../../../tests/fixtures/video/nodePose.ts';
import { nodeHeadBoxFinders } from './nodeHeadFinder.ts';

type Annotated = { Width: number; Frames: { Frame: number; Heads: { Box: HeadBox; Who: string }[] }[] };

const VIDEO = path.resolve('tests/fixtures/video/demo.mp4');
const truth = JSON.parse(readFileSync(path.resolve('tests/fixtures/video/demoHeads.json'), 'utf8')) as Annotated;
/**
 * Frames run either side of each annotated one, and the hold checked: people are looked for on the first and the
 * sixth, as on every fifth frame of a job, and tracked in between. A job holds boxes longer (HEAD_HOLD_FRAMES in headsBlur.ts, 8).
 */
const HOLD = 4;
/** A head counts as hidden when the filled boxes cover this share of its annotated box. */
const HIDDEN = 0.9;

/** The share of a box covered by the union of others, counted on a pixel grid (boxes are small). */
function coveredShare(head: HeadBox, boxes: readonly HeadBox[]): number {
  const [hx, hy, hw, hh] = head;
  let covered = 0;
  for (let y = hy; y < hy + hh; y++) {
    for (let x = hx; x < hx + hw; x++) {
      if (boxes.some(([bx, by, bw, bh]) => x >= bx && x < bx + bw && y >= by && y < by + bh)) covered++;
    }
  }
  return covered / (hw * hh);
}

/** The union's area outside every annotated head, in pixels (what is filled that did not need to be). */
function falseArea(heads: readonly HeadBox[], boxes: readonly HeadBox[]): number {
  let area = 0;
  const inside = (x: number, y: number, list: readonly HeadBox[]) =>
    list.some(([bx, by, bw, bh]) => x >= bx && x < bx + bw && y >= by && y < by + bh);
  const [x0, y0] = [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1]))];
  const [x1, y1] = [Math.max(...boxes.map((b) => b[0] + b[2])), Math.max(...boxes.map((b) => b[1] + b[3]))];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (inside(x, y, boxes) && !inside(x, y, heads)) area++;
  return area;
}

describe('head boxes on the Sports2D clip (tests/fixtures/video/demoHeads.json)', () => {
  const filled = new Map<number, HeadBox[]>();

  beforeAll(async () => {
    const finder = await nodeHeadBoxFinders();
    for (const { Frame } of truth.Frames) {
      const first = Math.max(0, Frame - HOLD);
      const heads = finder();
      const perFrame: number[][] = [];
      for (const [i, frame] of decodeFrames(VIDEO, first, Frame + HOLD - first + 1, truth.Width).entries()) {
        perFrame.push((await heads.find(frame, i)).flat());
      }
      filled.set(Frame, heldHeadBoxes({ Frames: perFrame, Hold: HOLD }, Frame - first));
    }
  }, 600_000);

  it('hides at least 85 % of the annotated heads near enough to detect (90 % measured)', () => {
    let [hidden, total, hiddenNear, near, spare] = [0, 0, 0, 0, 0];
    const missed: string[] = [];
    for (const { Frame, Heads } of truth.Frames) {
      const boxes = filled.get(Frame) ?? [];
      for (const { Box, Who } of Heads) {
        const isHidden = coveredShare(Box, boxes) >= HIDDEN;
        total++;
        if (isHidden) hidden++;
        if (Who !== 'distant') {
          near++;
          if (isHidden) hiddenNear++;
        }
        if (!isHidden) missed.push(`${String(Frame)}:${Who}`);
      }
      if (boxes.length > 0)
        spare += falseArea(
          Heads.map((h) => h.Box),
          boxes,
        );
    }
    const headArea = truth.Frames.flatMap((f) => f.Heads).reduce((sum, h) => sum + h.Box[2] * h.Box[3], 0);
    console.log(
      `Head recall ${String(hidden)}/${String(total)} (${String(hiddenNear)}/${String(near)} without the distant person); ` +
        `missed ${missed.join(', ') || 'none'}; filled outside the heads ${(spare / headArea).toFixed(2)}× the heads' area`,
    );
    expect(hiddenNear / near).toBeGreaterThanOrEqual(0.85);
  });
});
