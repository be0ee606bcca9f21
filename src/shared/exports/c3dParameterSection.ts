/**
 * Builds a C3D parameter section for the Intel processor (C3D User Guide, Motion Lab Systems, "The Parameter
 * Section"): a four-byte header (reserved, key 0x50, number of 512-byte blocks, processor type 84), then group
 * records (name length, negative group ID, name, 16-bit offset to the next record, description) and parameter
 * records (name length, the group's positive ID, name, offset, data type −1 character / 2 16-bit integer / 4 float,
 * number of dimensions, dimensions, data, description). The last record's offset is 0; the section is padded with
 * zeros to whole blocks. Names are upper case ASCII; character data is padded with blanks.
 */
type C3dParameterValue =
  | { type: 'int16'; values: readonly number[]; dimensions?: readonly number[] }
  | { type: 'float'; values: readonly number[]; dimensions?: readonly number[] }
  | { type: 'char'; texts: readonly string[] };

export type C3dGroupSpec = {
  name: string;
  description: string;
  parameters: readonly { name: string; description: string; value: C3dParameterValue }[];
};

const INTEL = 84;
const KEY = 0x50;
/** A dimension is one byte in a parameter record. */
export const MAX_DIMENSION = 255;

export function c3dParameterSection(groups: readonly C3dGroupSpec[]): Uint8Array {
  const records: Uint8Array[] = [];
  groups.forEach((group, g) => {
    const id = g + 1;
    records.push(record(group.name, -id, text(group.description)));
    for (const parameter of group.parameters) {
      records.push(record(parameter.name, id, [...data(parameter.value), ...text(parameter.description)]));
    }
  });
  const body = 4 + records.reduce((sum, r) => sum + r.byteLength, 0);
  const blocks = Math.ceil(body / 512);
  const out = new Uint8Array(blocks * 512);
  out.set([1, KEY, blocks, INTEL], 0);
  let at = 4;
  records.forEach((r, i) => {
    out.set(r, at);
    const offsetAt = at + 2 + Math.abs(r[0] ?? 0);
    // The offset counts from its own first byte to the next record; 0 marks the last.
    const offset = i === records.length - 1 ? 0 : r.byteLength - (offsetAt - at);
    new DataView(out.buffer).setInt16(offsetAt, offset, true);
    at += r.byteLength;
  });
  return out;
}

function record(name: string, id: number, rest: number[]): Uint8Array {
  const ascii = name.toUpperCase();
  if (!/^[A-Z0-9_]{1,127}$/.test(ascii)) throw new Error(`Invalid C3D parameter name ${name}`);
  const bytes = [ascii.length, id & 0xff, ...Array.from(ascii, (c) => c.charCodeAt(0)), 0, 0, ...rest];
  return Uint8Array.from(bytes);
}

function text(description: string): number[] {
  const ascii = asciiOf(description).slice(0, 255);
  return [ascii.length, ...Array.from(ascii, (c) => c.charCodeAt(0))];
}

function data(value: C3dParameterValue): number[] {
  if (value.type === 'char') {
    const texts = value.texts.map(asciiOf);
    const width = Math.max(1, ...texts.map((t) => t.length));
    const chars = texts.flatMap((t) => Array.from(t.padEnd(width, ' '), (c) => c.charCodeAt(0)));
    // One text is a single dimension; several are (width, count).
    const dimensions = texts.length === 1 ? [width] : [width, texts.length];
    return [0xff, dimensions.length, ...dimensions, ...chars];
  }
  const size = value.type === 'int16' ? 2 : 4;
  const dimensions = value.dimensions ?? (value.values.length === 1 ? [] : [value.values.length]);
  const bytes = new Uint8Array(value.values.length * size);
  const view = new DataView(bytes.buffer);
  value.values.forEach((v, i) => (size === 2 ? view.setInt16(i * 2, v, true) : view.setFloat32(i * 4, v, true)));
  return [size, dimensions.length, ...dimensions, ...bytes];
}

/** C3D text is ASCII: other characters become '?'. */
const asciiOf = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');
