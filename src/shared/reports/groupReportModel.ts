import { speedForAgeAndSex } from '../gait/normativeRanges.ts';
import { distribution, type Distribution } from './groupStatistics.ts';
import { formatMetric, type MetricLine, type ReportMetricName } from './reportMetrics.ts';
import { againstNorm, ageAt, type NormativeRanges, type ReportPatient, type ReportSession } from './reportModel.ts';
import { adultReferenceApplies } from './reportReferences.ts';
import { reportLines, sessionMetrics } from './reportTable.ts';

/** A patient of the group, with the latest recording that can give a report (null when there is none). */
export type GroupMember = {
  UniquePatientID: string;
  GivenPatientID: string;
  PatientName: string;
  patient: ReportPatient;
  latest: ReportSession | null;
};

/** Everything a group report shows, whichever form (HTML, PDF) renders it. */
export type GroupReportModel = {
  /** How the group was chosen, as the header prints it ('ICD: G80 Cerebral palsy', 'Clinic: …'). */
  criteria: string[];
  metrics: ReportMetricName[];
  members: GroupMember[];
  norms: NormativeRanges;
  generatedAt: string;
  generatedBy: string;
  method: string;
  timeZone: string;
};

export const GROUP_REPORT_TITLE = 'Group Gait Report';

type Position = 'below' | 'within' | 'above' | 'none';
type MemberValue = { member: GroupMember; value: number | null; text: string; position: Position };

/** One line of the report across the group: its spread, the adult reference, and each patient's latest value. */
export type GroupRow = {
  line: MetricLine;
  heading: string;
  spread: Distribution | null;
  reference: string;
  values: MemberValue[];
};

/** The patient's age at their latest recording (at the report's time without one). */
function memberAge(member: GroupMember, at: string): number | undefined {
  return ageAt(member.patient.dateOfBirth, member.latest?.DateTime ?? at);
}

/**
 * The group's rows. Each patient's latest value is compared with the adult range as the report prints it (the
 * single-session rule, againstNorm); a patient younger than 18 at that recording is not judged against it
 * (reportReferences.ts), and counts in the spread only.
 */
export function groupRows(model: GroupReportModel): GroupRow[] {
  return reportLines({ metrics: model.metrics }).map((line) => {
    const range = line.norm ? model.norms[line.norm] : undefined;
    const values = model.members.map((member): MemberValue => {
      const metrics = member.latest === null ? null : sessionMetrics(member.latest);
      const value = metrics === null ? null : line.value(metrics);
      const judged = member.latest !== null && adultReferenceApplies(member.latest);
      return {
        member,
        value,
        text: formatMetric(line, value),
        position: againstNorm(value, judged ? range : undefined, line.decimals),
      };
    });
    return {
      line,
      heading: `${line.label} (${line.unit})`,
      spread: distribution(values.map((v) => v.value)),
      reference: range === undefined ? '—' : `${formatMetric(line, range.low)}–${formatMetric(line, range.high)}`,
      values,
    };
  });
}

/** 'median 1.21 (IQR 1.05–1.30), n = 12', or a dash when nobody has the measure. */
export function spreadText(row: GroupRow): { median: string; iqr: string; n: string } {
  const s = row.spread;
  if (s === null) return { median: '—', iqr: '—', n: '0' };
  return {
    median: formatMetric(row.line, s.median),
    iqr: `${formatMetric(row.line, s.q1)}–${formatMetric(row.line, s.q3)}`,
    n: String(s.n),
  };
}

/** Who lies below and who above the reference on this line, by name and given id. */
export function outsideReference(row: GroupRow): { below: string[]; above: string[] } {
  const who = (v: MemberValue) => `${v.member.PatientName} (${v.member.GivenPatientID}): ${v.text}`;
  return {
    below: row.values.filter((v) => v.position === 'below').map(who),
    above: row.values.filter((v) => v.position === 'above').map(who),
  };
}

/** The mean comfortable speed of the patient's age-and-sex group (Bohannon & Andrews 2011), where the study covers them. */
export function memberSpeedReference(member: GroupMember, at: string): string {
  const age = memberAge(member, at);
  const reference = age === undefined ? undefined : speedForAgeAndSex(age, member.patient.sex);
  return reference === undefined ? '—' : `${reference.speed.toFixed(2)} m/s (${reference.group})`;
}

/** 'female, 54 y' as the patient column prints it. */
export function memberBrief(member: GroupMember, at: string): string {
  const age = memberAge(member, at);
  const sex = member.patient.sex === '' ? 'sex not recorded' : member.patient.sex.toLowerCase();
  return `${sex}, ${age === undefined ? 'age not recorded' : `${String(age)} y`}`;
}
