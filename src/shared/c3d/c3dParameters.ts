import { C3dFormatError, type C3dNumbers } from './c3dNumbers.ts';

/**
 * The parameter section (C3D User Guide, Motion Lab Systems, "The Parameter Section"): groups and parameters,
 * each a record of name length (negative: locked), ID (negative for a group; a parameter carries its group's ID,
 * positive), name, a signed 16-bit offset from that offset field to the next record (0 after the last), and then,
 * for a group, its description; for a parameter, its data type (−1 character, 1 byte, 2 16-bit integer, 4 float),
 * number of dimensions, the dimensions, the data and its description. Names are compared in upper case.
 */
type C3dParameterType = 'char' | 'byte' | 'int16' | 'float';

export type C3dParameter = {
  group: string;
  name: string;
  description: string;
  locked: boolean;
  type: C3dParameterType;
  /** Sizes, fastest-varying first; [] for a single value. For characters the first is the length of each text. */
  dimensions: number[];
  /** Numbers as stored (16-bit integers signed: see unsigned()); empty for a character parameter. */
  numbers: number[];
  /** Character data cut into texts of dimensions[0] characters, trailing blanks removed. */
  texts: string[];
};

type C3dGroup = { name: string; description: string; locked: boolean; parameters: Map<string, C3dParameter> };

export type C3dParameters = {
  /** Byte 4 of the parameter header, the processor code. */
  processorCode: number;
  /** 512-byte blocks the header says the section occupies. */
  blockCount: number;
  groups: Map<string, C3dGroup>;
  /** The parameter GROUP:NAME, undefined if absent. */
  get(group: string, name: string): C3dParameter | undefined;
};

const TYPES: Readonly<Record<number, C3dParameterType>> = { [-1]: 'char', 1: 'byte', 2: 'int16', 4: 'float' };
const SIZES: Readonly<Record<C3dParameterType, number>> = { char: 1, byte: 1, int16: 2, float: 4 };

/** A 16-bit integer parameter read as unsigned, as the format asks of counts above 32767 (POINT:FRAMES, DATA_START). */
export const unsigned = (value: number): number => (value < 0 ? value + 65536 : value);

/** Reads the parameter section starting at byte `start` (its header record first). */
export function readParameters(numbers: C3dNumbers, start: number): C3dParameters {
  const blockCount = numbers.uint8(start + 2);
  const processorCode = numbers.uint8(start + 3);
  // The section's declared size bounds every record.
  const limit = Math.min(numbers.length, start + Math.max(blockCount, 1) * 512);
  const groups = new Map<number, C3dGroup>();
  const pending: { id: number; parameter: C3dParameter }[] = [];
  let at = start + 4;
  for (;;) {
    if (at + 2 > limit) break;
    const nameLength = numbers.int8(at);
    const id = numbers.int8(at + 1);
    if (nameLength === 0 || id === 0) break;
    const length = Math.abs(nameLength);
    const name = parameterName(numbers.text(at + 2, length));
    if (name === undefined) {
      const raw = numbers.text(at + 2, length);
      throw damaged(at, `a record is named "${printable(raw)}", which is not a group or parameter name`);
    }
    const offsetAt = at + 2 + length;
    const offset = numbers.int16(offsetAt);
    const what = id < 0 ? `group ${name}` : `parameter ${groups.get(id)?.name ?? `of group ${String(id)}`}:${name}`;
    if (offset !== 0 && offset < 2) throw damaged(at, `${what} points to its successor at offset ${String(offset)}`);
    // A successor beyond the section's declared end means this is the last record (as in some SGI files).
    const last = offset === 0 || offsetAt + offset >= limit;
    const bodyEnd = last ? limit : offsetAt + offset;
    if (id < 0) {
      const description = textWithLength(numbers, offsetAt + 2, bodyEnd, what);
      groups.set(-id, { name, description, locked: nameLength < 0, parameters: new Map() });
    } else {
      pending.push({ id, parameter: readParameter(numbers, offsetAt + 2, bodyEnd, name, what, nameLength < 0) });
    }
    if (last) break;
    at = bodyEnd;
  }
  for (const { id, parameter } of pending) {
    const group = groups.get(id);
    if (group === undefined) continue;
    parameter.group = group.name;
    // The manual asks for unique names within a group; should a file repeat one, the first is kept.
    if (!group.parameters.has(parameter.name)) group.parameters.set(parameter.name, parameter);
  }
  const byName = new Map<string, C3dGroup>();
  for (const group of groups.values()) if (!byName.has(group.name)) byName.set(group.name, group);
  return {
    processorCode,
    blockCount,
    groups: byName,
    get: (group, name) => byName.get(group.toUpperCase())?.parameters.get(name.toUpperCase()),
  };
}

function readParameter(
  numbers: C3dNumbers,
  at: number,
  end: number,
  name: string,
  what: string,
  locked: boolean,
): C3dParameter {
  const code = numbers.int8(at);
  const type = TYPES[code];
  if (type === undefined) throw damaged(at, `${what} has data type ${String(code)} (−1, 1, 2 or 4 expected)`);
  const dimensionCount = numbers.uint8(at + 1);
  const dimensions: number[] = [];
  for (let d = 0; d < dimensionCount; d++) dimensions.push(numbers.uint8(at + 2 + d));
  const count = dimensions.reduce((product, size) => product * size, 1);
  const dataAt = at + 2 + dimensionCount;
  const dataEnd = dataAt + count * SIZES[type];
  if (dataEnd > end) throw damaged(at, `${what} holds more data than its record`);
  const parameter: C3dParameter = {
    group: '',
    name,
    description: '',
    locked,
    type,
    dimensions,
    numbers: [],
    texts: [],
  };
  if (type === 'char') {
    const width = dimensions[0] ?? 1;
    const raw = numbers.text(dataAt, count);
    for (let i = 0; i < count; i += width) parameter.texts.push(raw.slice(i, i + width).replace(/[\s\0]+$/, ''));
    if (dimensions.length === 0) parameter.texts = [raw.replace(/[\s\0]+$/, '')];
  } else {
    for (let i = 0; i < count; i++) {
      const p = dataAt + i * SIZES[type];
      parameter.numbers.push(
        type === 'byte' ? numbers.int8(p) : type === 'int16' ? numbers.int16(p) : numbers.float32(p),
      );
    }
  }
  parameter.description = textWithLength(numbers, dataEnd, end, what);
  return parameter;
}

/** A description: one length byte and that many characters; a record too short for one has none. */
function textWithLength(numbers: C3dNumbers, at: number, end: number, what: string): string {
  if (at >= end) return '';
  const length = numbers.uint8(at);
  if (at + 1 + length > end) throw damaged(at, `the description of ${what} runs past its record`);
  return numbers.text(at + 1, length).trim();
}

/**
 * A record's name as the readers labs use read it (ezc3d, BTK, py-c3d): any printable ASCII, upper-cased, with the
 * blanks some writers pad it with dropped. Vicon and Qualisys write names such as 'MARKER DIAMETER' and 'Uncropped
 * Measurement Length', though the C3D User Guide asks for A–Z, 0–9 and '_'. A control or non-ASCII byte is still
 * taken for damage: no writer puts one in a name, and a broken offset lands on one at once.
 */
function parameterName(raw: string): string | undefined {
  const name = raw.replace(/[ \0]+$/, '').toUpperCase();
  return /^[\x21-\x7e][\x20-\x7e]*$/.test(name) ? name : undefined;
}

const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

function damaged(at: number, what: string): C3dFormatError {
  return new C3dFormatError(`The parameter section is damaged at byte ${String(at)}: ${what}.`);
}
