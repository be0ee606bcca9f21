import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { NumberField } from '#app/components/ui/NumberField';
import { Slider } from '#app/components/ui/Slider';
import type { FloorMarks } from '#shared/pose/scaleInput';
import { nudgeMark, placeMark } from './floorMarks.ts';
import './floorMarks.css';

export type FloorMarksPickerProps = {
  /** The video's address: a chosen file's object URL, or a stored video's. */
  src: string;
  marks: FloorMarks;
  onMarksChange: (marks: FloorMarks) => void;
  distanceM: number;
  onDistanceChange: (metres: number) => void;
};

const percent = (v: number) => `${(v * 100).toFixed(1)} %`;

/**
 * Two floor marks on a frame of the video and the distance between them: the scale where the patient's height is
 * not on record, or not to be trusted (a child, a stoop). A click or tap moves the nearer mark there; each mark is
 * also a button the arrow keys move, so the scale can be set without a pointer.
 */
export function FloorMarksPicker({ src, marks, onMarksChange, distanceM, onDistanceChange }: FloorMarksPickerProps) {
  const element = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(0);
  const [atSecond, setAtSecond] = useState(0);

  const show = (second: number) => {
    setAtSecond(second);
    if (element.current) element.current.currentTime = second;
  };

  const place = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onMarksChange(
      placeMark(marks, { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height }),
    );
  };
  const nudge = (index: 0 | 1) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const moved = nudgeMark(marks[index], event.key, event.shiftKey);
    if (moved === undefined) return;
    event.preventDefault();
    onMarksChange(index === 0 ? [moved, marks[1]] : [marks[0], moved]);
  };
  const [a, b] = marks;

  return (
    <div className="floor-marks">
      <p className="field__description">
        Move the two marks onto two points on the floor in the walking line (tape marks, tiles): tap near a mark to move
        it there, or select a mark and use the arrow keys.
      </p>
      <div className="floor-marks__frame">
        <video
          ref={element}
          src={src}
          muted
          playsInline
          preload="auto"
          aria-label="Frame for the floor marks"
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        />
        <div className="floor-marks__layer" onPointerDown={place} aria-hidden="true">
          <svg viewBox="0 0 1 1" preserveAspectRatio="none">
            <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
          </svg>
        </div>
        {marks.map((mark, n) => (
          <button
            key={n}
            type="button"
            className="floor-marks__mark"
            style={{ left: `${String(mark.x * 100)}%`, top: `${String(mark.y * 100)}%` }}
            aria-label={`Floor mark ${String(n + 1)}, ${percent(mark.x)} across, ${percent(mark.y)} down`}
            onKeyDown={nudge(n === 0 ? 0 : 1)}
          >
            {n + 1}
          </button>
        ))}
      </div>
      {duration > 0 && (
        <Slider
          label="Frame shown (s)"
          minValue={0}
          maxValue={duration}
          step={0.1}
          value={atSecond}
          onChange={show}
          format={(v) => v.toFixed(1)}
        />
      )}
      <NumberField
        label="Distance between the marks (m)"
        description="Measured on the floor with a tape."
        isRequired
        minValue={0.2}
        maxValue={20}
        step={0.01}
        value={distanceM}
        onChange={onDistanceChange}
      />
    </div>
  );
}
