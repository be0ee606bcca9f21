import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KINECT_WALKS, kinectWalk } from '../../../tests/fixtures/kinect/kinectWalks.ts';
import { encodeUtf8 } from '../utf8.ts';
import { JointDataScan, scanJointDataBytes } from './jointDataBytes.ts';
import { parseJointData, parseJointDataBytes, serializeJointData } from './jointDataFile.ts';
import { KINECT_NOISE, syntheticWalk } from './syntheticWalk.ts';

/** The first byte where two arrays differ, or -1 (a diff of megabytes would take minutes to print). */
function firstDifference(a: Float32Array | Float64Array | undefined, b: Float32Array | Float64Array): number {
  const bytesOf = (values: Float32Array | Float64Array) =>
    new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const [x, y] = [a === undefined ? new Uint8Array(0) : bytesOf(a), bytesOf(b)];
  if (x.length !== y.length) return Math.min(x.length, y.length);
  return x.findIndex((byte, i) => byte !== y[i]);
}

/** Bit for bit: the same bouts, every time and coordinate the same number (NaN and -0 included), or the same error. */
function expectSameAsJson(text: string): void {
  const fromBytes = parseJointDataBytes(encodeUtf8(text));
  const fromJson = parseJointData(text, 'json');
  if (!fromJson.ok || !fromBytes.ok) {
    expect(fromBytes).toEqual(fromJson);
    return;
  }
  expect(fromBytes.recording.bouts).toHaveLength(fromJson.recording.bouts.length);
  for (const [b, bout] of fromJson.recording.bouts.entries()) {
    const other = fromBytes.recording.bouts[b];
    expect(firstDifference(other?.times, bout.times)).toBe(-1);
    expect(firstDifference(other?.positions, bout.positions)).toBe(-1);
    expectSameHeels(other?.heels, bout.heels);
  }
}

function expectSameHeels(a: Float32Array | undefined, b: Float32Array | undefined): void {
  expect(a === undefined).toBe(b === undefined);
  if (b !== undefined) expect(firstDifference(a, b)).toBe(-1);
}

/** The file's bytes fed to a JointDataScan in pieces ending at `cuts` (then the rest), as a download brings them. */
function scanInPieces(file: Uint8Array, cuts: readonly number[]): ReturnType<typeof scanJointDataBytes> | 'more' {
  const scan = new JointDataScan(file.length);
  for (const cut of cuts) {
    const outcome = scan.feed(file.subarray(0, cut), false);
    if (outcome !== 'more') return outcome;
  }
  return scan.feed(file, true);
}

/** The bouts of the whole file and of the same file in pieces are the same, to the bit; or both are refused. */
function expectSameInPieces(file: Uint8Array, cuts: readonly number[]): void {
  const whole = scanJointDataBytes(file);
  const pieces = scanInPieces(file, cuts);
  if (whole === undefined || pieces === undefined || pieces === 'more') {
    expect(pieces).toBe(whole);
    return;
  }
  expect(pieces).toHaveLength(whole.length);
  for (const [b, bout] of whole.entries()) {
    expect(firstDifference(pieces[b]?.times, bout.times)).toBe(-1);
    expect(firstDifference(pieces[b]?.positions, bout.positions)).toBe(-1);
    expectSameHeels(pieces[b]?.heels, bout.heels);
  }
}

const frameText = (timestamp: string, coordinate: (c: number) => string) =>
  `{"Timestamp":${timestamp},"Joint_Positions":[${Array.from({ length: 60 }, (_, c) => coordinate(c)).join(',')}]}`;
const fileText = (frames: string[]) => `{"Steps":[{"Frames":[${frames.join(',')}]}]}`;
/** Two frames at 30 Hz, every coordinate written as `number`. */
const withNumber = (number: string) => fileText([frameText('0', () => number), frameText('33', () => number)]);

describe('the joint data file read from its bytes', () => {
  it('reads the real Kinect walks and a noisy walk exactly as JSON.parse does, from the bytes alone', () => {
    const texts = KINECT_WALKS.map((name) => serializeJointData(kinectWalk(name)));
    const { recording } = syntheticWalk({
      seed: 5,
      speed: 1.1,
      cadence: 104,
      stancePercent: 62,
      direction: 'across',
      durationS: 60,
      bouts: 2,
      noise: KINECT_NOISE,
    });
    texts.push(serializeJointData(recording));
    texts.push(readFileSync(new URL('../../../tests/fixtures/sessions/walk-joint-data.json', import.meta.url), 'utf8'));
    for (const text of texts) {
      // The fast path itself, not the fallback, read them.
      expect(scanJointDataBytes(encodeUtf8(text))).toBeDefined();
      expectSameAsJson(text);
    }
  });

  it.each([
    '0',
    '-0',
    '7',
    '-12',
    '0.5',
    '-0.000001',
    '9999.999999',
    '1.5e-3',
    '2E2',
    '-1e+1',
    '0.1234567890123456789',
    '123456789012345678',
    '1' + '0'.repeat(3),
    '0.30000000000000004',
  ])('reads the number %s as JSON.parse does', (number) => {
    expectSameAsJson(withNumber(number));
  });

  it.each(['01', '-', '1.', '.5', '+1', '1e', '--1', '0x1', 'NaN', '"1"', 'null', '1e5', '-10000.5'])(
    'refuses %s with the words JSON.parse and the checks give',
    (number) => {
      expectSameAsJson(withNumber(number));
      expect(parseJointDataBytes(encodeUtf8(withNumber(number))).ok).toBe(false);
    },
  );

  it('reads blanks, the other key order and a byte-order mark, and refuses what the file must not be', () => {
    const spaced = `\n{ "Steps" : [ { "Frames" : [ ${['0', '33']
      .map(
        (t) =>
          `{ "Joint_Positions" : [ ${Array.from({ length: 60 }, () => ' 0.5 ').join(' , ')} ] , "Timestamp" : ${t} }`,
      )
      .join(' ,\n ')} ] } ] }\n`;
    expectSameAsJson(spaced);
    expect(parseJointDataBytes(encodeUtf8(spaced)).ok).toBe(true);
    const plain = withNumber('0.25');
    // The byte-order mark is dropped, as decoding the text drops it; the result is the same recording.
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...encodeUtf8(plain)]);
    expect(parseJointDataBytes(marked)).toEqual(parseJointDataBytes(encodeUtf8(plain)));
    for (const bad of [
      plain.slice(0, -3),
      plain.replace('"Timestamp":33', '"Timestamp":0'),
      plain.replace('"Frames"', '"Främes"'),
      plain.replace(',0.25]', ']'),
      plain.replace(',0.25]', ',0.25,0.25]'),
      `${plain} x`,
      fileText([frameText('0', () => '0.5'), frameText('3300', () => '0.5')]),
      '{"Steps":[]}',
      '',
    ]) {
      expectSameAsJson(bad);
      expect(parseJointDataBytes(encodeUtf8(bad)).ok).toBe(false);
    }
  });

  it("reads a lab trial's heel markers from the bytes as JSON.parse does, and refuses what it refuses", () => {
    const heel = (values: string) => `,"Heel_Positions":[${values}]`;
    const six = '0.1,-0.2,0.3,0.4,0.5,-0.6';
    const frame = (t: string, extra: string) => `${frameText(t, () => '0.5').slice(0, -1)}${extra}}`;
    const first = `{"Heel_Positions":[${six}],${frameText('0', () => '0.5').slice(1)}`;
    const good = [
      fileText([frame('0', heel(six)), frame('33', heel(six))]),
      // Heels from the second frame on: the first frame's stay untracked (0, 0, 0), as JSON.parse's reading has it.
      fileText([frame('0', ''), frame('33', heel(six))]),
      fileText([first, frame('33', heel(six))]),
    ];
    for (const text of good) {
      expectSameAsJson(text);
      const scanned = scanJointDataBytes(encodeUtf8(text));
      expect(scanned?.[0]?.heels).toHaveLength(12);
      const file = encodeUtf8(text);
      expectSameInPieces(
        file,
        Array.from({ length: file.length - 1 }, (_, i) => i + 1),
      );
    }
    expect(Array.from(scanJointDataBytes(encodeUtf8(good[1] ?? ''))?.[0]?.heels ?? [])).toEqual(
      [0, 0, 0, 0, 0, 0, 0.1, -0.2, 0.3, 0.4, 0.5, -0.6].map(Math.fround),
    );
    for (const bad of [
      fileText([frame('0', heel('0.1,0.2,0.3,0.4,0.5')), frame('33', '')]),
      fileText([frame('0', heel(`${six},0.7`)), frame('33', '')]),
      fileText([frame('0', heel('0.1,0.2,0.3,0.4,0.5,"x"')), frame('33', '')]),
      fileText([frame('0', heel('0.1,0.2,0.3,0.4,0.5,20000')), frame('33', '')]),
    ]) {
      expectSameAsJson(bad);
      expect(parseJointDataBytes(encodeUtf8(bad)).ok).toBe(false);
    }
    // A key written twice is JSON.parse's to read (it keeps the last); the scanner leaves it to it.
    const twice = fileText([frame('0', heel(six) + heel(six)), frame('33', '')]);
    expect(scanJointDataBytes(encodeUtf8(twice))).toBeUndefined();
    expectSameAsJson(twice);
  });

  it('reads a file that comes in pieces as it reads the whole, wherever the pieces end', () => {
    const { recording } = syntheticWalk({
      seed: 9,
      speed: 1.2,
      cadence: 108,
      stancePercent: 61,
      direction: 'across',
      durationS: 8,
      bouts: 2,
      noise: KINECT_NOISE,
    });
    const walk = encodeUtf8(serializeJointData(recording));
    // A fixed linear congruential sequence (Numerical Recipes' constants): the same cuts on every run.
    let seed = 7;
    const random = (below: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * below);
    };
    const cutsEvery = (size: number, length: number) =>
      Array.from({ length: Math.ceil(length / size) }, (_, i) => (i + 1) * size).filter((cut) => cut < length);
    const randomCuts = (length: number) => {
      const cuts = Array.from({ length: 40 }, () => random(length));
      return cuts.sort((a, b) => a - b);
    };
    expect(scanInPieces(walk, randomCuts(walk.length))).toBeDefined();
    for (const cuts of [cutsEvery(4096, walk.length), cutsEvery(613, walk.length), randomCuts(walk.length)]) {
      expectSameInPieces(walk, cuts);
    }
    const plain = withNumber('0.25');
    const spaced = plain.replaceAll(',', ' ,\n ').replaceAll(':', ' : ');
    // Every byte a piece of its own: no key, number or blank is read cut in two.
    for (const text of [plain, spaced, withNumber('1.5e-3'), withNumber('-0.000001')]) {
      const file = encodeUtf8(text);
      expect(scanInPieces(file, cutsEvery(1, file.length))).toBeDefined();
      expectSameInPieces(file, cutsEvery(1, file.length));
    }
    // Refused in pieces as whole: a cut file, a bad frame, something after the end, a byte-order mark.
    for (const bad of [
      plain.slice(0, -3),
      plain.replace('"Timestamp":33', '"Timestamp":0'),
      plain.replace(',0.25]', ']'),
      `${plain} x`,
      `${plain}]`,
    ]) {
      const file = encodeUtf8(bad);
      expect(scanInPieces(file, cutsEvery(1, file.length))).toBeUndefined();
    }
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...encodeUtf8(plain)]);
    expect(scanInPieces(marked, [1, 2, 50])).toBeUndefined();
  });
});
