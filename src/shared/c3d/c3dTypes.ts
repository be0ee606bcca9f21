import type { C3dHeader } from './c3dHeader.ts';
import type { C3dProcessor } from './c3dNumbers.ts';
import type { C3dParameters } from './c3dParameters.ts';

/** A C3D file as read by readC3d: what its header, parameters and data section say, in physical units. */
export type C3dFile = {
  header: C3dHeader;
  processor: C3dProcessor;
  /** How the data section stores numbers: 16-bit integers scaled by POINT:SCALE, or 32-bit floats. */
  storage: 'integer' | 'float';
  parameters: C3dParameters;
  points: C3dPoints;
  /** Absent when the file has no analog channels. */
  analog: C3dAnalog | undefined;
  events: C3dEvent[];
};

export type C3dPoints = {
  labels: string[];
  descriptions: string[];
  /** POINT:UNITS, e.g. 'mm'. */
  units: string;
  /** Frames per second. */
  rate: number;
  frameCount: number;
  /** Capture frame number (from 1) of the first frame stored: frame f of the data is capture frame firstFrame + f. */
  firstFrame: number;
  /** Frame f, point p, axis a at (f × labels.length + p) × 3 + a, in POINT:UNITS; NaN where the point is missing. */
  positions: Float32Array;
  /** Frame f, point p at f × labels.length + p: the reconstruction residual in POINT:UNITS, or −1 for a gap. */
  residuals: Float32Array;
  /** Which cameras saw each point (bit c: camera c + 1), as for residuals; 0 in a gap. */
  cameraMasks: Uint8Array;
};

export type C3dAnalog = {
  labels: string[];
  units: string[];
  /** Samples per second. */
  rate: number;
  samplesPerFrame: number;
  /** Sample s, channel c at s × labels.length + c, scaled to ANALOG:UNITS by ANALOG:OFFSET, SCALE and GEN_SCALE. */
  values: Float32Array;
};

/** An event of the EVENT group (or, in older files, of the header). */
export type C3dEvent = {
  label: string;
  /** EVENT:CONTEXTS, e.g. 'Left', 'Right' or 'General'; '' when the file gives none. */
  context: string;
  description: string;
  /** Seconds from the start of capture: capture frame 1 is at 0. */
  time: number;
  /** Index into the stored frames of the frame nearest the event (may lie outside them). */
  frame: number;
};

/** What a marker trial's conversion reads of a C3D file; a TRC marker file is given the same shape. */
export type MarkerTrial = Pick<C3dFile, 'points' | 'parameters'>;

export type C3dReadResult = { ok: true; file: C3dFile } | { ok: false; error: string };
