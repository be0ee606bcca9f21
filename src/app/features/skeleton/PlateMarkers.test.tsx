import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { seconds } from '#shared/gait/gaitUnits';
import { gaitMarkers, type GaitMarker } from './gaitMarkers.ts';
import { PlateMarkers } from './PlateMarkers.tsx';
import type { SkeletonWalk } from './skeletonRecording.ts';

/** A still walk of two frames, 4–6 s into the recording, with the given events. */
function walk(events: SkeletonWalk['events'], plateEvents: SkeletonWalk['plateEvents']): SkeletonWalk {
  const times = Float64Array.from([4, 6]);
  const positions = new Float32Array(120);
  return {
    times,
    positions,
    figure: { times, positions },
    scene: { scale: 1, floorY: 0, centre: { x: 0, z: 0 } },
    events,
    eventsNote: null,
    plateEvents,
  };
}

const s = seconds;

describe("the timeline's force plate events", () => {
  it("marks an event a plate gave as the plate's, once, and leaves the others as the markers'", () => {
    const markers = gaitMarkers(
      walk({ left: { heelStrikes: [s(4.2), s(5.3)], toeOffs: [] }, right: { heelStrikes: [], toeOffs: [s(4.9)] } }, [
        { side: 'left', kind: 'heelStrike', time: s(5.30004), plate: 2 },
      ]),
      0,
    );
    expect(markers.map((m) => [m.side, m.kind, m.plate])).toEqual([
      ['left', 'heelStrike', null],
      ['right', 'toeOff', null],
      ['left', 'heelStrike', 2],
    ]);
  });

  it('draws them apart, with a label a screen reader reads out', () => {
    const plated: GaitMarker[] = [
      { time: 5.3, side: 'left', kind: 'heelStrike', x: 0, z: 0, heading: 0, plate: 2 },
      { time: 5.9, side: 'left', kind: 'toeOff', x: 0, z: 0, heading: 0, plate: 2 },
      { time: 4.5, side: 'right', kind: 'toeOff', x: 0, z: 0, heading: 0, plate: null },
    ];
    const html = renderToStaticMarkup(<PlateMarkers markers={plated} walkStart={4} duration={2} />);
    expect(html).toContain('role="img"');
    expect(html).toContain(
      'aria-label="Gait events from force plates: Left heel strike at 1.30 s, plate 2; Left toe off at 1.90 s, plate 2"',
    );
    expect(html.match(/data-plate="2"/g)).toHaveLength(2);
    const none = renderToStaticMarkup(<PlateMarkers markers={plated.slice(2)} walkStart={4} duration={2} />);
    expect(none).toBe('');
  });
});
