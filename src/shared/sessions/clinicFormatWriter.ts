import { COORDINATES_PER_FRAME } from '../gait/joints.ts';
import { CLINIC_FORMAT_NAME, CLINIC_FORMAT_VERSION, type ClinicFormatDocument } from './clinicFormat.ts';
import { metricLine } from './clinicMetrics.ts';

/** Micrometres and microseconds, as the joint data file is written: below any sensor's resolution. */
const round = (value: number, places: number) => String(Math.round(value * 10 ** places) / 10 ** places);

/** Writes a clinic-format file; parseClinicFormat reads it back to the same data (joint data to the rounding above). */
export function writeClinicFormat(document: Omit<ClinicFormatDocument, 'version'>): string {
  const { data } = document;
  const lines = [
    `${CLINIC_FORMAT_NAME} ${CLINIC_FORMAT_VERSION}`,
    `Content: ${data.kind === 'jointData' ? 'JointData' : 'GaitMetrics'}`,
  ];
  for (const [key, value] of document.metadata) lines.push(`${key}: ${value.replace(/[\r\n]+/g, ' ')}`);
  lines.push('');
  if (data.kind === 'gaitMetrics') {
    lines.push('[Metrics]', ...data.metrics.map(metricLine));
  } else {
    data.recording.bouts.forEach(({ times, positions }, b) => {
      lines.push(`[Bout ${b + 1}]`);
      for (let f = 0; f < times.length; f++) {
        const frame = [round((times[f] ?? 0) * 1000, 3)];
        for (let c = 0; c < COORDINATES_PER_FRAME; c++)
          frame.push(round(positions[f * COORDINATES_PER_FRAME + c] ?? 0, 6));
        lines.push(frame.join(';'));
      }
    });
  }
  return `${lines.join('\n')}\n`;
}
