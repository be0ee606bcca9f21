import { SESSION_FILE_FORMATS } from '../sessions/sessionFiles.ts';
import { GAIT_ENGINE_VERSION, type FootEvents, type GaitEvents } from './gaitResult.ts';
import type { Seconds } from './gaitUnits.ts';
import { METRICS_FORMAT } from './metricsFormat.ts';

/** One bout's events as the stored metrics file gives them, or why the engine found none. */
export type StoredBoutEvents = { status: 'ok'; events: GaitEvents } | { status: 'insufficient-data'; reason: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Times in seconds, as the engine writes them: finite, not negative. */
const isTimes = (value: unknown): value is Seconds[] =>
  Array.isArray(value) && value.every((t) => typeof t === 'number' && Number.isFinite(t) && t >= 0);

function footEvents(value: unknown): FootEvents | null {
  if (!isObject(value) || !isTimes(value.HeelStrikes_s) || !isTimes(value.ToeOffs_s)) return null;
  return { heelStrikes: value.HeelStrikes_s, toeOffs: value.ToeOffs_s };
}

function boutEvents(value: unknown, bout: number): StoredBoutEvents | null {
  if (!isObject(value) || value.Bout !== bout) return null;
  if (value.Status === 'insufficient-data')
    return typeof value.Reason === 'string' ? { status: 'insufficient-data', reason: value.Reason } : null;
  if (value.Status !== 'ok' || !isObject(value.Events)) return null;
  const left = footEvents(value.Events.Left);
  const right = footEvents(value.Events.Right);
  return left && right ? { status: 'ok', events: { left, right } } : null;
}

/**
 * The gait events of the metrics file the server stored when the joint data was uploaded, per bout — only when that
 * file is the running engine's analysis of this recording's joint data: an engine file (not a clinic's) of the same
 * engine version, computed from the joint data file, with one bout per walking bout of the recording. Anything else
 * (no file, a clinic's metrics, an older engine, a file that does not fit the recording) is null, and the caller
 * runs the engine itself. The times are the file's, rounded to a tenth of a millisecond.
 */
export function storedEvents(text: string, boutCount: number): StoredBoutEvents[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(data) || data.Format !== METRICS_FORMAT || 'Source' in data) return null;
  if (data.EngineVersion !== GAIT_ENGINE_VERSION || data.SourceFile !== SESSION_FILE_FORMATS.jointData) return null;
  const { Bouts: bouts } = data;
  if (!Array.isArray(bouts) || bouts.length !== boutCount) return null;
  const events: StoredBoutEvents[] = [];
  for (const [i, bout] of bouts.entries()) {
    const read = boutEvents(bout, i + 1);
    if (read === null) return null;
    events.push(read);
  }
  return events;
}
