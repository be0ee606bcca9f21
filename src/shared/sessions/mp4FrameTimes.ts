import type { ReadBytes } from './mp4Structure.ts';

/**
 * When each frame of an MP4's first video track is shown, in seconds from the first, in order: the presentation
 * times its sample tables give (ISO/IEC 14496-12: `stts` and `ctts` in the `moov`, or `trun` in each `moof` of a
 * fragmented file, which is what MediaRecorder writes). A phone's camera varies its frame rate with the light, so
 * timing frames by the average rate would move every gait event; this reads the times the camera wrote. Only box
 * headers and the (small) `moov` and `moof` boxes are read. Undefined when the file holds no video track it can read.
 */
export async function mp4FrameTimes(read: ReadBytes, size: number): Promise<number[] | undefined> {
  let movie: Track | undefined;
  const fragments: number[] = [];
  for (let offset = 0, count = 0; offset + 8 <= size && count < MAX_TOP_LEVEL_BOXES; count++) {
    const box = await boxAt(read, offset, size);
    if (box === undefined) break;
    if (box.type === 'moov') movie = videoTrack(await read(box.start, box.end - box.start));
    else if (box.type === 'moof' && movie !== undefined) {
      fragments.push(...fragmentTimes(await read(box.start, box.end - box.start), movie));
    }
    offset = box.end;
  }
  if (movie === undefined) return undefined;
  const ticks = [...movie.ticks, ...fragments].sort((a, b) => a - b);
  if (ticks.length === 0) return undefined;
  const first = ticks[0] ?? 0;
  return ticks.map((t) => (t - first) / movie.timescale);
}

const MAX_TOP_LEVEL_BOXES = 100_000;
/** More samples than any walk the portal analyses; a damaged table that claims billions is cut here. */
const MAX_SAMPLES = 1_000_000;

type Track = {
  id: number;
  timescale: number;
  /** Presentation times of the samples the `moov` lists, in the track's timescale. */
  ticks: number[];
  /** trex: the duration a fragment's sample has when neither its trun nor its tfhd gives one. */
  defaultDuration: number;
  /** Where the next fragment's decoding starts when it has no tfdt: after the samples before it. */
  nextDecode: number;
};
type Box = { type: string; start: number; end: number };

const fourCc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));
const u32 = (b: Uint8Array, at: number) =>
  (b[at] ?? 0) * 2 ** 24 + ((b[at + 1] ?? 0) << 16) + ((b[at + 2] ?? 0) << 8) + (b[at + 3] ?? 0);
const i32 = (b: Uint8Array, at: number) => u32(b, at) | 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);

/** The top-level box at `offset` of the file (its body after the header), or undefined where none can be. */
async function boxAt(read: ReadBytes, offset: number, size: number): Promise<Box | undefined> {
  const header = await read(offset, 16);
  if (header.length < 8) return undefined;
  let length = u32(header, 0);
  let body = 8;
  if (length === 1) [length, body] = [u64(header, 8), 16];
  else if (length === 0) length = size - offset;
  if (length < body || offset + length > size) return undefined;
  return { type: fourCc(header, 4), start: offset + body, end: offset + length };
}

/** The child boxes of a box's body (`bytes` from `from` to `to`). */
function* children(bytes: Uint8Array, from = 0, to = bytes.length): Generator<Box> {
  for (let at = from; at + 8 <= to;) {
    let length = u32(bytes, at);
    let body = 8;
    if (length === 1) [length, body] = [u64(bytes, at + 8), 16];
    else if (length === 0) length = to - at;
    if (length < body || at + length > to) return;
    yield { type: fourCc(bytes, at + 4), start: at + body, end: at + length };
    at += length;
  }
}

const child = (bytes: Uint8Array, parent: Box | undefined, type: string) =>
  parent === undefined ? undefined : [...children(bytes, parent.start, parent.end)].find((b) => b.type === type);

/** Follows a path of box types down from `parent` (or the whole of `bytes`). */
function path(bytes: Uint8Array, parent: Box, ...types: string[]): Box | undefined {
  let box: Box | undefined = parent;
  for (const type of types) box = child(bytes, box, type);
  return box;
}

/** The moov's first video track (`hdlr` of type 'vide'): its id, timescale and the times of the samples it lists. */
function videoTrack(moov: Uint8Array): Track | undefined {
  const whole = { type: 'moov', start: 0, end: moov.length };
  const defaults = new Map<number, number>();
  const mvex = child(moov, whole, 'mvex');
  for (const box of mvex === undefined ? [] : children(moov, mvex.start, mvex.end)) {
    if (box.type === 'trex') defaults.set(u32(moov, box.start + 4), u32(moov, box.start + 12));
  }
  for (const trak of children(moov)) {
    if (trak.type !== 'trak') continue;
    const hdlr = path(moov, trak, 'mdia', 'hdlr');
    const mdhd = path(moov, trak, 'mdia', 'mdhd');
    const tkhd = child(moov, trak, 'tkhd');
    if (hdlr === undefined || mdhd === undefined || tkhd === undefined || fourCc(moov, hdlr.start + 8) !== 'vide')
      continue;
    const timescale = u32(moov, mdhd.start + (moov[mdhd.start] === 1 ? 20 : 12));
    const id = u32(moov, tkhd.start + (moov[tkhd.start] === 1 ? 20 : 12));
    if (!(timescale > 0)) return undefined;
    const stbl = path(moov, trak, 'mdia', 'minf', 'stbl');
    const { ticks, decodeEnd } = sampleTable(moov, stbl);
    return { id, timescale, ticks, defaultDuration: defaults.get(id) ?? 0, nextDecode: decodeEnd };
  }
  return undefined;
}

/** Presentation times from a sample table: decoding times from `stts`, each moved by its `ctts` offset. */
function sampleTable(moov: Uint8Array, stbl: Box | undefined): { ticks: number[]; decodeEnd: number } {
  const stts = child(moov, stbl, 'stts');
  const ctts = child(moov, stbl, 'ctts');
  const ticks: number[] = [];
  let decode = 0;
  if (stts !== undefined) {
    const entries = u32(moov, stts.start + 4);
    for (let e = 0, at = stts.start + 8; e < entries && at + 8 <= stts.end; e++, at += 8) {
      const [count, delta] = [u32(moov, at), u32(moov, at + 4)];
      for (let s = 0; s < count && ticks.length < MAX_SAMPLES; s++, decode += delta) ticks.push(decode);
    }
  }
  if (ctts !== undefined) {
    const signed = moov[ctts.start] === 1;
    const entries = u32(moov, ctts.start + 4);
    let sample = 0;
    for (let e = 0, at = ctts.start + 8; e < entries && at + 8 <= ctts.end; e++, at += 8) {
      const [count, offset] = [u32(moov, at), signed ? i32(moov, at + 4) : u32(moov, at + 4)];
      for (let s = 0; s < count && sample < ticks.length; s++, sample++) ticks[sample] = (ticks[sample] ?? 0) + offset;
    }
  }
  return { ticks, decodeEnd: decode };
}

/** The presentation times of the track's samples in one `moof`: each `traf` of the track, its `trun`s in order. */
function fragmentTimes(moof: Uint8Array, track: Track): number[] {
  const ticks: number[] = [];
  for (const traf of children(moof)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(moof, traf, 'tfhd');
    if (tfhd === undefined || u32(moof, tfhd.start + 4) !== track.id) continue;
    const flags = u32(moof, tfhd.start) & 0xffffff;
    let at = tfhd.start + 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
    const trafDuration = flags & 0x08 ? u32(moof, at) : track.defaultDuration;
    const tfdt = child(moof, traf, 'tfdt');
    let decode =
      tfdt === undefined
        ? track.nextDecode
        : moof[tfdt.start] === 1
          ? u64(moof, tfdt.start + 4)
          : u32(moof, tfdt.start + 4);
    for (const trun of children(moof, traf.start, traf.end)) {
      if (trun.type !== 'trun') continue;
      const runFlags = u32(moof, trun.start) & 0xffffff;
      const signed = moof[trun.start] === 1;
      const count = u32(moof, trun.start + 4);
      at = trun.start + 8 + (runFlags & 0x01 ? 4 : 0) + (runFlags & 0x04 ? 4 : 0);
      const step = [0x100, 0x200, 0x400, 0x800].filter((f) => runFlags & f).length * 4;
      for (let s = 0; s < count && at + step <= trun.end && ticks.length < MAX_SAMPLES; s++, at += step) {
        let field = at;
        const duration = runFlags & 0x100 ? u32(moof, field) : trafDuration;
        field += (runFlags & 0x100 ? 4 : 0) + (runFlags & 0x200 ? 4 : 0) + (runFlags & 0x400 ? 4 : 0);
        const offset = runFlags & 0x800 ? (signed ? i32(moof, field) : u32(moof, field)) : 0;
        ticks.push(decode + offset);
        decode += duration;
      }
    }
    track.nextDecode = decode;
  }
  return ticks;
}
