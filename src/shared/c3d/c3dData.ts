import type { C3dHeader } from './c3dHeader.ts';
import { C3dFormatError, type C3dNumbers } from './c3dNumbers.ts';
import { unsigned, type C3dParameters } from './c3dParameters.ts';
import type { C3dAnalog, C3dPoints } from './c3dTypes.ts';

/**
 * The data section (C3D User Guide, Motion Lab Systems, "The Data Section"): frame after frame, each point as X, Y,
 * Z and a fourth word, then the frame's analog samples (samples per frame × channels, channel fastest). Integer
 * files store 16-bit integers, points scaled by POINT:SCALE; float files store 32-bit floats already in units.
 * The fourth word, as an integer, holds the camera mask in its high byte and the residual ÷ |POINT:SCALE| in its
 * low byte; a negative word marks a point that was not reconstructed in that frame (a gap).
 */
export type DataLayout = {
  start: number;
  frameCount: number;
  pointCount: number;
  analogChannels: number;
  samplesPerFrame: number;
  float: boolean;
  scale: number;
  /** 3D frames per second. */
  pointRate: number;
  analogRate: number;
};

/** Where the data section starts and how long it is, from the header and the parameters that override it. */
export function dataLayout(header: C3dHeader, parameters: C3dParameters): DataLayout {
  const number = (group: string, name: string) => parameters.get(group, name)?.numbers[0];
  const scale = number('POINT', 'SCALE') ?? header.scale;
  const pointCount = unsigned(number('POINT', 'USED') ?? header.pointCount);
  const dataBlock = unsigned(number('POINT', 'DATA_START') ?? header.dataBlock);
  const analogChannels = unsigned(number('ANALOG', 'USED') ?? 0);
  const pointRate = number('POINT', 'RATE') ?? header.frameRate;
  const analogRate = number('ANALOG', 'RATE');
  const samplesPerFrame =
    analogChannels === 0
      ? 0
      : header.analogSamplesPerFrame > 0
        ? header.analogSamplesPerFrame
        : Math.max(1, Math.round((analogRate ?? pointRate) / pointRate));
  return {
    start: (dataBlock - 1) * 512,
    frameCount: frameCount(header, parameters),
    pointCount,
    analogChannels,
    samplesPerFrame,
    float: scale < 0,
    scale,
    pointRate,
    analogRate: analogRate ?? pointRate * samplesPerFrame,
  };
}

/**
 * Frames stored: last − first + 1 from the header; files longer than 65535 frames give the range in TRIAL:ACTUAL_
 * START_FIELD and ACTUAL_END_FIELD (two 16-bit words each, low word first), as the manual's frame-count appendix
 * recommends reading.
 */
function frameCount(header: C3dHeader, parameters: C3dParameters): number {
  const long = (name: string) => {
    const words = parameters.get('TRIAL', name)?.numbers;
    return words && words.length >= 2 ? unsigned(words[0] ?? 0) + 65536 * unsigned(words[1] ?? 0) : undefined;
  };
  const first = long('ACTUAL_START_FIELD');
  const last = long('ACTUAL_END_FIELD');
  if (first !== undefined && last !== undefined && last >= first) return last - first + 1;
  return Math.max(0, header.lastFrame - header.firstFrame + 1);
}

/** Reads every frame's points and, when there are channels, analog samples. */
export function readData(
  numbers: C3dNumbers,
  layout: DataLayout,
  parameters: C3dParameters,
): {
  points: Omit<C3dPoints, 'labels' | 'descriptions' | 'units' | 'rate' | 'firstFrame'>;
  analog: C3dAnalog | undefined;
} {
  const { start, frameCount, pointCount, analogChannels, samplesPerFrame, float } = layout;
  const word = float ? 4 : 2;
  const analogPerFrame = analogChannels * samplesPerFrame;
  const frameBytes = word * (4 * pointCount + analogPerFrame);
  const end = start + frameCount * frameBytes;
  // Frames of no bytes bound nothing: 2³² − 1 of them declared in a 1.5 KB file kept the reader looping for seconds.
  if (frameBytes === 0 && frameCount > 0) {
    throw new C3dFormatError(
      `The file declares ${String(frameCount)} frames but neither points nor analog channels to fill them.`,
    );
  }
  if (start < 512 || end > numbers.length) {
    throw new C3dFormatError(
      `The data section should hold ${String(frameCount)} frames of ${String(frameBytes)} bytes from byte ${String(start)}, but the file has ${String(numbers.length)} bytes.`,
    );
  }
  const read = float ? (at: number) => numbers.float32(at) : (at: number) => numbers.int16(at);
  const scale = Math.abs(layout.scale);
  const pointScale = float ? 1 : scale;
  const positions = new Float32Array(frameCount * pointCount * 3);
  const residuals = new Float32Array(frameCount * pointCount);
  const cameraMasks = new Uint8Array(frameCount * pointCount);
  const analog = analogChannels > 0 ? analogScaling(parameters, analogChannels) : undefined;
  const values = new Float32Array(frameCount * analogPerFrame);
  for (let f = 0; f < frameCount; f++) {
    let at = start + f * frameBytes;
    for (let p = 0; p < pointCount; p++, at += 4 * word) {
      const i = f * pointCount + p;
      const fourth = Math.round(read(at + 3 * word));
      // As a 16-bit word: its sign bit marks a gap.
      const status = float ? fourth : fourth & 0xffff;
      if (fourth < 0 || status >= 0x8000) {
        positions.fill(Number.NaN, 3 * i, 3 * i + 3);
        residuals[i] = -1;
        continue;
      }
      for (let a = 0; a < 3; a++) positions[3 * i + a] = read(at + a * word) * pointScale;
      residuals[i] = (status & 0xff) * scale;
      cameraMasks[i] = (status >> 8) & 0x7f;
    }
    if (analog === undefined) continue;
    for (let s = 0; s < analogPerFrame; s++, at += word) {
      const channel = s % analogChannels;
      const raw = analog.unsignedFormat && !float ? numbers.uint16(at) : read(at);
      values[f * analogPerFrame + s] =
        (raw - (analog.offsets[channel] ?? 0)) * (analog.scales[channel] ?? 1) * analog.general;
    }
  }
  return {
    points: { frameCount, positions, residuals, cameraMasks },
    analog:
      analog === undefined
        ? undefined
        : {
            labels: analog.labels,
            units: analog.units,
            rate: layout.analogRate,
            samplesPerFrame,
            values,
          },
  };
}

/** ANALOG:OFFSET, SCALE, GEN_SCALE, LABELS, UNITS and FORMAT, padded for channels the file leaves unnamed. */
function analogScaling(parameters: C3dParameters, channels: number) {
  const list = <T>(values: readonly T[] | undefined, fallback: (c: number) => T) =>
    Array.from({ length: channels }, (_, c) => values?.[c] ?? fallback(c));
  const unsignedFormat = parameters.get('ANALOG', 'FORMAT')?.texts[0]?.toUpperCase() === 'UNSIGNED';
  const offsets = list(parameters.get('ANALOG', 'OFFSET')?.numbers, () => 0).map((o) =>
    unsignedFormat ? unsigned(o) : o,
  );
  return {
    labels: list(parameters.get('ANALOG', 'LABELS')?.texts, (c) => `Channel ${String(c + 1)}`),
    units: list(parameters.get('ANALOG', 'UNITS')?.texts, () => ''),
    offsets,
    scales: list(parameters.get('ANALOG', 'SCALE')?.numbers, () => 1),
    general: parameters.get('ANALOG', 'GEN_SCALE')?.numbers[0] ?? 1,
    unsignedFormat,
  };
}
