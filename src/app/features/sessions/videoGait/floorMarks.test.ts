import { describe, expect, it } from 'vitest';
import { videoScale } from '#shared/pose/videoScale';
import { scaleChoiceFor } from '#shared/pose/scaleInput';
import { heightFromRecordM, nudgeMark, placeMark, START_MARKS } from './floorMarks.ts';

describe('floor marks', () => {
  it('moves the mark nearer to a click and keeps the other', () => {
    const [a, b] = START_MARKS;
    expect(placeMark(START_MARKS, { x: 0.2, y: 0.8 })).toEqual([{ x: 0.2, y: 0.8 }, b]);
    expect(placeMark(START_MARKS, { x: 0.9, y: 1.2 })).toEqual([a, { x: 0.9, y: 1 }]);
  });

  it('nudges with the arrow keys, further with Shift, never off the frame', () => {
    expect(nudgeMark({ x: 0.5, y: 0.5 }, 'ArrowRight', false)).toEqual({ x: 0.502, y: 0.5 });
    expect(nudgeMark({ x: 0.5, y: 0.5 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.48 });
    expect(nudgeMark({ x: 0, y: 0.5 }, 'ArrowLeft', true)).toEqual({ x: 0, y: 0.5 });
    expect(nudgeMark({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeUndefined();
  });

  it('turns fractions of the frame into the pose frames’ pixels, so the scale is metres per pose pixel', () => {
    const choice = scaleChoiceFor(
      {
        kind: 'floorMarks',
        distanceM: 2,
        marks: [
          { x: 0.25, y: 0.9 },
          { x: 0.75, y: 0.9 },
        ],
      },
      640,
      360,
    );
    expect(choice).toEqual({ kind: 'floorMarks', distanceM: 2, from: { x: 160, y: 324 }, to: { x: 480, y: 324 } });
    const scale = videoScale(choice, new Float32Array(), 0);
    expect(scale.ok && scale.scale.metresPerPixel).toBeCloseTo(2 / 320, 9);
    expect(scale.ok && scale.scale.description).toBe('scale from floor marks 2.00 m apart');
  });

  it('passes a height through unchanged', () => {
    expect(scaleChoiceFor({ kind: 'height', heightM: 1.68 }, 640, 360)).toEqual({ kind: 'height', heightM: 1.68 });
  });

  it('reads the record’s height in centimetres as metres, and none as not given', () => {
    expect(heightFromRecordM(168)).toBe(1.68);
    expect(heightFromRecordM(0)).toBeNaN();
    expect(heightFromRecordM(undefined)).toBeNaN();
  });
});
