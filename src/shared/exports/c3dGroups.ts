import type { GaitEvents } from '../gait/gaitResult.ts';
import { JOINT_COUNT, JOINT_NAMES } from '../gait/joints.ts';
import type { C3dGroupSpec } from './c3dParameterSection.ts';

/*
 * What c3dWriter.ts puts in a C3D file's parameter section: the POINT, ANALOG, TRIAL, EVENT and MANUFACTURER groups
 * (C3D User Guide, Motion Lab Systems), and the engine's events as Vicon writes them.
 */

/** POINT:SCALE: negative means float storage; its size (0.1 mm) is the unit of the residual word. */
export const SCALE = -0.1;
/** Vicon's event icons: 1 foot strike, 2 foot off. */
const FOOT_STRIKE = { label: 'Foot Strike', description: 'The instant the heel strikes the ground', icon: 1 };
const FOOT_OFF = { label: 'Foot Off', description: 'The instant the toe leaves the ground', icon: 2 };

export type C3dEvent = { label: string; description: string; icon: number; context: string; time: number };

/** Both feet's heel strikes and toe offs of every bout, in time order. */
export function allEvents(events: readonly GaitEvents[]): C3dEvent[] {
  return events
    .flatMap((bout) =>
      (['left', 'right'] as const).flatMap((side) => {
        const context = side === 'left' ? 'Left' : 'Right';
        return [
          ...bout[side].heelStrikes.map((time) => ({ ...FOOT_STRIKE, context, time })),
          ...bout[side].toeOffs.map((time) => ({ ...FOOT_OFF, context, time })),
        ];
      }),
    )
    .sort((a, b) => a.time - b.time);
}

/** The parameter groups of a file of `frames` frames at `rate` Hz. */
export function c3dGroups(p: {
  rate: number;
  frames: number;
  firstFrame: number;
  lastFrame: number;
  dataStart: number;
  events: C3dEvent[];
  software: string;
}): C3dGroupSpec[] {
  const int = (...values: number[]) => ({ type: 'int16' as const, values });
  const float = (...values: number[]) => ({ type: 'float' as const, values });
  const chars = (...texts: string[]) => ({ type: 'char' as const, texts });
  // Frame numbers beyond 16 bits go in two words, low word first (C3D User Guide, TRIAL group).
  const long = (n: number) => ({ type: 'int16' as const, values: [n & 0xffff, Math.floor(n / 65536)] });
  return [
    {
      name: 'POINT',
      description: '3-D point parameters',
      parameters: [
        { name: 'USED', description: 'Number of 3-D points', value: int(JOINT_COUNT) },
        { name: 'FRAMES', description: 'Number of frames', value: int(Math.min(p.frames, 65535)) },
        { name: 'DATA_START', description: 'Number of first block of 3-D and analog data', value: int(p.dataStart) },
        { name: 'SCALE', description: '3-D scale factor (negative: float data)', value: float(SCALE) },
        { name: 'RATE', description: '3-D data capture rate', value: float(p.rate) },
        { name: 'LABELS', description: 'Point labels', value: chars(...JOINT_NAMES) },
        {
          name: 'DESCRIPTIONS',
          description: 'Point descriptions',
          value: chars(...JOINT_NAMES.map((n) => `Kinect v1 ${n} joint`)),
        },
        { name: 'UNITS', description: '3-D units', value: chars('mm') },
        { name: 'X_SCREEN', description: 'Horizontal screen axis', value: chars('+X') },
        { name: 'Y_SCREEN', description: 'Vertical screen axis', value: chars('+Y') },
      ],
    },
    {
      name: 'ANALOG',
      description: 'Analog data parameters',
      parameters: [
        { name: 'USED', description: 'Number of analog channels', value: int(0) },
        // No analog data: a rate of 0, matching the header's 0 samples per frame (py-c3d and ezc3d check both).
        { name: 'RATE', description: 'Analog data capture rate', value: float(0) },
      ],
    },
    {
      name: 'TRIAL',
      description: 'Trial parameters',
      parameters: [
        { name: 'ACTUAL_START_FIELD', description: 'First capture frame', value: long(p.firstFrame) },
        { name: 'ACTUAL_END_FIELD', description: 'Last capture frame', value: long(p.lastFrame) },
        { name: 'CAMERA_RATE', description: 'Capture rate', value: float(p.rate) },
      ],
    },
    {
      name: 'EVENT',
      description: 'Gait events',
      parameters: [
        { name: 'USED', description: 'Number of events', value: int(p.events.length) },
        { name: 'CONTEXTS', description: 'Event contexts', value: chars(...p.events.map((e) => e.context)) },
        { name: 'LABELS', description: 'Event labels', value: chars(...p.events.map((e) => e.label)) },
        {
          name: 'DESCRIPTIONS',
          description: 'Event descriptions',
          value: chars(...p.events.map((e) => e.description)),
        },
        {
          name: 'TIMES',
          description: 'Event times: minutes and seconds from capture frame 1',
          value: {
            type: 'float',
            dimensions: [2, p.events.length],
            values: p.events.flatMap((e) => [Math.floor(e.time / 60), e.time - 60 * Math.floor(e.time / 60)]),
          },
        },
        {
          name: 'ICON_IDS',
          description: 'Event icons',
          value: { type: 'int16', dimensions: [p.events.length], values: p.events.map((e) => e.icon) },
        },
        {
          name: 'GENERIC_FLAGS',
          description: 'Event flags',
          value: { type: 'int16', dimensions: [p.events.length], values: p.events.map(() => 0) },
        },
      ],
    },
    {
      name: 'MANUFACTURER',
      description: 'Writer of the file',
      parameters: [{ name: 'SOFTWARE', description: 'Software', value: chars(p.software) }],
    },
  ];
}
