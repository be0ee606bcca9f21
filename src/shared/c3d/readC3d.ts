import { dataLayout, readData } from './c3dData.ts';
import { readEvents } from './c3dEvents.ts';
import { readHeader } from './c3dHeader.ts';
import { C3dFormatError, c3dNumbers, PROCESSOR_CODES } from './c3dNumbers.ts';
import { readParameters, unsigned } from './c3dParameters.ts';
import type { C3dFile, C3dReadResult } from './c3dTypes.ts';

/** The second byte of every C3D file (C3D User Guide, Motion Lab Systems, "The Header Section"). */
const C3D_KEY = 0x50;

/**
 * Reads a C3D file (the biomechanics standard for 3D points, analog data and events; C3D User Guide, Motion Lab
 * Systems, c3d.org) from its bytes: Intel, DEC and MIPS processor formats, integer and float storage. Answers the
 * file, or one sentence saying what is wrong with it; never throws on bad input.
 */
export function readC3d(bytes: Uint8Array): C3dReadResult {
  try {
    return { ok: true, file: parse(bytes) };
  } catch (error) {
    if (error instanceof C3dFormatError) return { ok: false, error: `This C3D file cannot be read. ${error.message}` };
    throw error;
  }
}

function parse(bytes: Uint8Array): C3dFile {
  if (bytes.byteLength < 2 || bytes[1] !== C3D_KEY) {
    throw new C3dFormatError('It does not start like a C3D file (its second byte should be 0x50).');
  }
  if (bytes.byteLength < 1024) {
    throw new C3dFormatError(
      `The file ends unexpectedly: it has ${String(bytes.byteLength)} bytes, less than a header and a parameter block.`,
    );
  }
  const parameterStart = ((bytes[0] ?? 0) - 1) * 512;
  if (parameterStart < 512 || parameterStart + 4 > bytes.byteLength) {
    throw new C3dFormatError(
      `Its header points to a parameter section at block ${String(bytes[0] ?? 0)}, outside the file.`,
    );
  }
  const processorCode = bytes[parameterStart + 3] ?? 0;
  const processor = PROCESSOR_CODES[processorCode];
  if (processor === undefined) {
    throw new C3dFormatError(
      `Its processor type is ${String(processorCode)}; 84 (Intel), 85 (DEC) or 86 (MIPS) is expected.`,
    );
  }
  const numbers = c3dNumbers(bytes, processor);
  const header = readHeader(numbers);
  const parameters = readParameters(numbers, parameterStart);
  const layout = dataLayout(header, parameters);
  if (!(layout.pointRate > 0 && Number.isFinite(layout.pointRate))) {
    throw new C3dFormatError(`Its frame rate is ${String(layout.pointRate)}; a positive rate is expected.`);
  }
  const { points, analog } = readData(numbers, layout, parameters);
  const texts = (name: string) => parameters.get('POINT', name)?.texts ?? [];
  // Files with more than 255 points continue the labels in POINT:LABELS2, LABELS3, …
  const labels = [...texts('LABELS'), ...texts('LABELS2'), ...texts('LABELS3'), ...texts('LABELS4')];
  const descriptions = [...texts('DESCRIPTIONS'), ...texts('DESCRIPTIONS2')];
  const firstFrame = firstCaptureFrame(header.firstFrame, parameters);
  return {
    header,
    processor,
    storage: layout.float ? 'float' : 'integer',
    parameters,
    points: {
      ...points,
      labels: Array.from({ length: layout.pointCount }, (_, p) => labels[p] ?? `Point ${String(p + 1)}`),
      descriptions: Array.from({ length: layout.pointCount }, (_, p) => descriptions[p] ?? ''),
      units: texts('UNITS')[0] ?? '',
      rate: layout.pointRate,
      firstFrame,
    },
    analog,
    events: readEvents(parameters, header, layout.pointRate, firstFrame),
  };
}

/** The header's first frame, or TRIAL:ACTUAL_START_FIELD's 32-bit one in files longer than 65535 frames. */
function firstCaptureFrame(headerFirst: number, parameters: ReturnType<typeof readParameters>): number {
  const words = parameters.get('TRIAL', 'ACTUAL_START_FIELD')?.numbers;
  return words && words.length >= 2 ? unsigned(words[0] ?? 0) + 65536 * unsigned(words[1] ?? 0) : headerFirst;
}
