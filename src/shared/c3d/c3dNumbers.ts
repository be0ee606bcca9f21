/**
 * The three number formats of C3D files (C3D User Guide, Motion Lab Systems: "Processor type" in the parameter
 * header, byte 4): Intel (84) little-endian integers and IEEE floats; DEC (85) little-endian integers and VAX
 * F_floating floats; MIPS/SGI (86) big-endian integers and IEEE floats. Every 16-bit integer and 32-bit float in
 * the header, parameter and data sections is written in the file's processor format.
 */
export type C3dProcessor = 'intel' | 'dec' | 'mips';

export const PROCESSOR_CODES: Readonly<Record<number, C3dProcessor>> = { 84: 'intel', 85: 'dec', 86: 'mips' };

/** Raised for a file that does not follow the format; readC3d turns it into its error message. */
export class C3dFormatError extends Error {}

/** Reads the file's numbers at byte offsets, in its processor's format; out-of-range reads are format errors. */
export type C3dNumbers = {
  readonly length: number;
  int8(at: number): number;
  uint8(at: number): number;
  int16(at: number): number;
  uint16(at: number): number;
  float32(at: number): number;
  text(at: number, length: number): string;
};

export function c3dNumbers(bytes: Uint8Array, processor: C3dProcessor): C3dNumbers {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = processor !== 'mips';
  const check = (at: number, size: number) => {
    if (!(at >= 0 && at + size <= bytes.byteLength)) {
      throw new C3dFormatError(
        `The file ends unexpectedly: byte ${String(at + size)} is needed but the file has ${String(bytes.byteLength)}.`,
      );
    }
  };
  return {
    length: bytes.byteLength,
    int8: (at) => {
      check(at, 1);
      return view.getInt8(at);
    },
    uint8: (at) => {
      check(at, 1);
      return view.getUint8(at);
    },
    int16: (at) => {
      check(at, 2);
      return view.getInt16(at, little);
    },
    uint16: (at) => {
      check(at, 2);
      return view.getUint16(at, little);
    },
    float32: (at) => {
      check(at, 4);
      return processor === 'dec' ? vaxFloat(view, at) : view.getFloat32(at, little);
    },
    text: (at, length) => {
      check(at, length);
      let out = '';
      for (let i = 0; i < length; i++) out += String.fromCharCode(view.getUint8(at + i));
      return out;
    },
  };
}

const swap = new DataView(new ArrayBuffer(4));

/**
 * A VAX F_floating number: two little-endian 16-bit words, the first holding sign, exponent (bias 128) and the
 * high fraction bits with a hidden 0.1 binary point. Swapping the words gives the IEEE bit pattern of four times
 * the value (IEEE's bias is 127 and its hidden bit sits one place higher).
 */
function vaxFloat(view: DataView, at: number): number {
  swap.setUint8(0, view.getUint8(at + 2));
  swap.setUint8(1, view.getUint8(at + 3));
  swap.setUint8(2, view.getUint8(at));
  swap.setUint8(3, view.getUint8(at + 1));
  return swap.getFloat32(0, true) / 4;
}
