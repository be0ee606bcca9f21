import type { C3dNumbers } from './c3dNumbers.ts';

/**
 * The header section, the file's first 512-byte block (C3D User Guide, Motion Lab Systems, "The Header Section").
 * Word n (16 bits, counted from 1) starts at byte 2(n − 1). Words 1–12 describe the storage; words 148–234 hold
 * up to 18 header events, an older place for events than the EVENT group.
 */
export type C3dHeader = {
  /** 512-byte block (from 1) where the parameter section starts: the file's first byte. */
  parameterBlock: number;
  pointCount: number;
  /** Analog samples per 3D frame over all channels (channels × samples per frame). */
  analogValuesPerFrame: number;
  /** Capture frame number (from 1) of the first and last frame stored. */
  firstFrame: number;
  lastFrame: number;
  maxInterpolationGap: number;
  /** POINT:SCALE: negative when points are stored as floats; its size scales integer points and residuals. */
  scale: number;
  /** 512-byte block (from 1) where the data section starts. */
  dataBlock: number;
  analogSamplesPerFrame: number;
  /** 3D frames per second. */
  frameRate: number;
  events: { label: string; time: number; displayed: boolean }[];
};

const HEADER_EVENT_KEY = 12345;

export function readHeader(numbers: C3dNumbers): C3dHeader {
  const word = (n: number) => 2 * (n - 1);
  const eventCount = numbers.uint16(word(150)) === HEADER_EVENT_KEY ? Math.min(18, numbers.uint16(word(151))) : 0;
  const events: C3dHeader['events'] = [];
  for (let i = 0; i < eventCount; i++) {
    events.push({
      label: numbers.text(word(199) + 4 * i, 4).replace(/[\s\0]+$/, ''),
      time: numbers.float32(word(153) + 4 * i),
      displayed: numbers.uint8(word(189) + i) === 0,
    });
  }
  return {
    parameterBlock: numbers.uint8(0),
    pointCount: numbers.uint16(word(2)),
    analogValuesPerFrame: numbers.uint16(word(3)),
    firstFrame: numbers.uint16(word(4)),
    lastFrame: numbers.uint16(word(5)),
    maxInterpolationGap: numbers.uint16(word(6)),
    scale: numbers.float32(word(7)),
    dataBlock: numbers.uint16(word(9)),
    analogSamplesPerFrame: numbers.uint16(word(10)),
    frameRate: numbers.float32(word(11)),
    events,
  };
}
