import type { C3dHeader } from './c3dHeader.ts';
import type { C3dParameters } from './c3dParameters.ts';
import type { C3dEvent } from './c3dTypes.ts';

/**
 * Events from the EVENT group (C3D User Guide, Motion Lab Systems, "The EVENT Group"): EVENT:TIMES is an (2, USED)
 * array of whole minutes and seconds from the start of the trial, capture frame 1 being time 0; LABELS, CONTEXTS
 * and DESCRIPTIONS name them. Files without the group may keep up to 18 events in the header, with four-character
 * labels and no context. Sorted by time.
 */
export function readEvents(parameters: C3dParameters, header: C3dHeader, rate: number, firstFrame: number): C3dEvent[] {
  const frameOf = (time: number) => Math.round(time * rate) + 1 - firstFrame;
  const times = parameters.get('EVENT', 'TIMES')?.numbers;
  if (times === undefined) {
    return header.events
      .map((e) => ({ label: e.label, context: '', description: '', time: e.time, frame: frameOf(e.time) }))
      .sort((a, b) => a.time - b.time);
  }
  const used = parameters.get('EVENT', 'USED')?.numbers[0] ?? Math.floor(times.length / 2);
  const texts = (name: string) => parameters.get('EVENT', name)?.texts ?? [];
  const [labels, contexts, descriptions] = [texts('LABELS'), texts('CONTEXTS'), texts('DESCRIPTIONS')];
  const events: C3dEvent[] = [];
  for (let i = 0; i < used && 2 * i + 1 < times.length; i++) {
    const time = 60 * (times[2 * i] ?? 0) + (times[2 * i + 1] ?? 0);
    if (!Number.isFinite(time)) continue;
    events.push({
      label: labels[i] ?? '',
      context: contexts[i] ?? '',
      description: descriptions[i] ?? '',
      time,
      frame: frameOf(time),
    });
  }
  return events.sort((a, b) => a.time - b.time);
}
