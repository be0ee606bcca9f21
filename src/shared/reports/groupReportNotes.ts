import type { GroupReportModel } from './groupReportModel.ts';
import { ageAt } from './reportModel.ts';
import { adultReferenceApplies, reportSources } from './reportReferences.ts';

const HYNDMAN_1996 = 'Hyndman RJ, Fan Y. Sample quantiles in statistical packages. Am Stat 1996;50(4):361–365.';
const BOHANNON_2011 =
  'Bohannon RW, Andrews AW. Normal walking speed: a descriptive meta-analysis. Physiotherapy 2011;97(3):182–189.';

/** What the reader must know about who is counted: children not judged, patients without a recording. */
export function groupNotes(model: GroupReportModel): string[] {
  const children = model.members.flatMap((m) => {
    if (m.latest === null || adultReferenceApplies(m.latest)) return [];
    const age = ageAt(m.patient.dateOfBirth, m.latest.DateTime) ?? 0;
    return [`${m.PatientName} (${m.GivenPatientID}), ${String(age)} years old`];
  });
  const missing = model.members.filter((m) => m.latest === null || m.latest.analysis.status !== 'ok');
  return [
    ...(children.length > 0
      ? [
          `Counted in the distribution but not judged against the adult reference, being younger than 18 at their latest recording (the portal holds no paediatric reference range): ${children.join('; ')}.`,
        ]
      : []),
    ...(missing.length > 0
      ? [
          `Without a latest value (no recording with enough walking): ${missing.map((m) => `${m.PatientName} (${m.GivenPatientID})`).join('; ')}.`,
        ]
      : []),
  ];
}

/** The works the report cites: the sources of the chosen lines' ranges, the age-and-sex speeds and the quantiles. */
export function groupSources(model: GroupReportModel): string[] {
  const sessions = model.members.flatMap((m) => (m.latest === null ? [] : [m.latest]));
  const ranges = reportSources({
    type: 'multi-patient',
    xAxisType: 'SessionNumber',
    metrics: model.metrics,
    sessions,
    norms: model.norms,
    generatedAt: model.generatedAt,
    generatedBy: model.generatedBy,
    method: model.method,
    timeZone: model.timeZone,
  });
  return [...new Set([...ranges, BOHANNON_2011, HYNDMAN_1996])];
}
