import { describe, expect, it } from 'vitest';
import { reportSession } from '../../../tests/fixtures/reports/reportModels.ts';
import type { GaitMetrics } from '../gait/gaitResult.ts';
import { metresPerSecond } from '../gait/gaitUnits.ts';
import { renderGroupReportHtml } from './groupReportHtml.ts';
import type { GroupMember, GroupReportModel } from './groupReportModel.ts';
import { REPORT_NORMS } from './normativeRanges.ts';
import type { ReportPatient } from './reportModel.ts';

const ADULT: ReportPatient = { sex: 'Female', dateOfBirth: '1958-03-14', heightCm: 165 };

function member(id: string, name: string, speed: number | null, patient: ReportPatient = ADULT): GroupMember {
  const session = reportSession(1, 1.2, { UniquePatientID: id, PatientName: name, GivenPatientID: id, patient });
  const latest =
    speed === null || session.analysis.status !== 'ok'
      ? null
      : {
          ...session,
          analysis: {
            status: 'ok' as const,
            metrics: { ...session.analysis.metrics, speed: metresPerSecond(speed) } satisfies GaitMetrics,
          },
        };
  return { UniquePatientID: id, GivenPatientID: id, PatientName: name, patient, latest };
}

const model = (members: GroupMember[]): GroupReportModel => ({
  criteria: ['ICD: G80 Cerebral palsy'],
  metrics: ['Speed'],
  members,
  norms: REPORT_NORMS,
  generatedAt: '2026-11-22T10:00:00.000Z',
  generatedBy: 'Rhea Okafor, clinician',
  method: 'test method',
  timeZone: 'UTC',
});

/** The cells of the row headed by `heading`, as text. */
function rowCells(html: string, heading: string): string[] {
  const match = new RegExp(`<th scope="row">${heading.replace(/[()/]/g, '\\$&')}</th>(.*?)</tr>`).exec(html);
  if (!match) throw new Error(`no row ${heading}`);
  return [...(match[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1] ?? '');
}

describe('HTML group report', () => {
  it('gives the median, IQR and n of the latest values against the adult reference, and who lies outside it', () => {
    const html = renderGroupReportHtml(
      model([member('A', 'Ann', 0.6), member('B', 'Bea', 1.0), member('C', 'Cal', 1.2), member('D', 'Dee', 1.6)]),
    );
    expect(html).toContain('Group Gait Report');
    expect(html).toContain('ICD: G80 Cerebral palsy');
    // R: quantile(c(.6, 1, 1.2, 1.6)) → Q1 0.9, median 1.1, Q3 1.3
    expect(rowCells(html, 'Walking speed (m/s)')).toEqual(['4', '1.10', '0.90–1.30', '0.94–1.43', '1', '1']);
    expect(html).toMatch(/Walking speed \(m\/s\)<\/strong> — below: Ann \(A\): 0\.60 — above: Dee \(D\): 1\.60/);
    expect(rowCells(html, 'Ann (A)')).toContain('0.60');
    expect(html).toContain('class="below" title="below the adult reference range">0.60');
    // Born 1958, recorded 2026: the age-and-sex group of Bohannon & Andrews.
    expect(rowCells(html, 'Bea (B)')).toContain('1.24 m/s (women aged 60–69)');
  });

  it('counts only patients with a value, and judges no child against the adult range', () => {
    const child: ReportPatient = { sex: 'Male', dateOfBirth: '2018-01-01', heightCm: 120 };
    const html = renderGroupReportHtml(
      model([member('A', 'Ann', 1.2), member('K', 'Kit', 0.5, child), member('N', 'Ned', null)]),
    );
    expect(rowCells(html, 'Walking speed (m/s)').slice(0, 1)).toEqual(['2']);
    expect(html).toContain('No patient lies outside the adult reference');
    expect(html).toContain('not judged against the adult reference, being younger than 18');
    expect(html).toContain('Kit (K), 8 years old');
    expect(html).toContain('Without a latest value (no recording with enough walking): Ned (N)');
    expect(rowCells(html, 'Ned (N)')[1]).toBe('No recording for a report');
    expect(html).not.toMatch(/NaN|<script/);
  });
});
