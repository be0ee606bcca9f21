import type { SessionExportKind } from '#shared/api/exportCalls';
import { writeC3d } from '#shared/exports/c3dWriter';
import { cyclesCsv } from '#shared/exports/cyclesCsv';
import { sessionFileName } from '#shared/exports/downloadNames';
import { eventsCsv } from '#shared/exports/eventsCsv';
import { metricsCsv } from '#shared/exports/metricsCsv';
import type { SessionExport } from '#shared/exports/sessionExport';
import type { SessionMetrics } from '#server/analysis/sessionMetrics';
import type { ExportSubject } from './exportSubject.ts';

/**
 * What the exports of a sub-session are made from: its metrics by the one rule reports use too (sessionMetrics), and
 * the engine's analysis of its joint data for the cycles, events and joints.
 */
export type ExportSource = SessionMetrics;

const NO_JOINTS = 'This session has no joint data file, so it has no gait cycles, events or joints to export.';

/** One export file: its download name, media type and bytes; or why the session cannot give it. */
export type ExportFile =
  { ok: true; name: string; contentType: string; bytes: Uint8Array; warnings: string[] } | { ok: false; error: string };

const CSV_TYPE = 'text/csv; charset=utf-8; header=present';

const encoder = new TextEncoder();

/** The export of one kind of one sub-session, named by the patient's given id and the session numbers. */
export function sessionExportFile(subject: ExportSubject, source: ExportSource, kind: SessionExportKind): ExportFile {
  if (!source.ok) return source;
  const name = sessionFileName(subject, kind);
  const session: SessionExport = { ...subject, analysis: source.metrics };
  const csv = (text: string): ExportFile => ({
    ok: true,
    name,
    contentType: CSV_TYPE,
    bytes: encoder.encode(text),
    warnings: [],
  });
  if (kind === 'metrics.csv') return csv(metricsCsv([session]));
  // Cycles, events and joints come from the joint data: a stored metrics file holds whole-walk values only.
  const { engine, recording } = source;
  if (engine === undefined || recording === undefined) return { ok: false, error: source.jointsError ?? NO_JOINTS };
  const analysed: SessionExport = { ...subject, analysis: engine };
  if (kind === 'cycles.csv') return csv(cyclesCsv([analysed]));
  if (kind === 'events.csv') return csv(eventsCsv([analysed]));
  const events = engine.bouts.flatMap((bout) => (bout.status === 'ok' ? [bout.events] : []));
  const c3d = writeC3d({ recording, events, software: `Gait portal, gait engine ${engine.engineVersion}` });
  if (!c3d.ok) return c3d;
  return { ok: true, name, contentType: 'application/octet-stream', bytes: c3d.bytes, warnings: c3d.warnings };
}
