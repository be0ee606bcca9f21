import { ageAt, type ReportModel, type ReportSession } from './reportModel.ts';
import { METRIC_LINES } from './reportMetrics.ts';

const SUTHERLAND_1980 =
  'Sutherland DH, Olshen R, Cooper L, Woo SL. The development of mature gait. J Bone Joint Surg Am 1980;62(3):336–353.';
const LYTHGO_2009 =
  'Lythgo N, Wilson C, Galea M. Basic gait and symmetry measures for primary school-aged children and young adults whilst walking barefoot and with shoes. Gait Posture 2009;30(4):502–506.';

/**
 * The report's reference ranges are of healthy adults (docs/normative-ranges.md). Children's speed, step length and
 * cadence change with age and leg length, and their support phases still differ from young adults' at 13 years
 * (Sutherland et al. 1980; Lythgo et al. 2009), so a patient younger than 18 at the recording is not flagged against
 * them. The portal holds no paediatric reference range: the report says so rather than judge a child as an adult.
 * Without a date of birth the patient is taken as an adult, and the header says the age is not recorded.
 */
const ADULT_FROM_YEARS = 18;

export function adultReferenceApplies(s: ReportSession): boolean {
  const age = ageAt(s.patient.dateOfBirth, s.DateTime);
  return age === undefined || age >= ADULT_FROM_YEARS;
}

const CHILD_REASON =
  "no value is flagged. The reference ranges in this report are of healthy adults; children's walking speed, step length and cadence change with age and growth, and their support phases differ from adults' into adolescence (Sutherland et al. 1980; Lythgo et al. 2009). The portal holds no paediatric reference range for these measures.";

/** One note per patient younger than 18 at a recording: why their values carry no flag. */
export function childReferenceNotes(model: ReportModel): string[] {
  const seen = new Set<string>();
  return model.sessions.flatMap((s) => {
    if (adultReferenceApplies(s) || seen.has(s.UniquePatientID)) return [];
    seen.add(s.UniquePatientID);
    const age = ageAt(s.patient.dateOfBirth, s.DateTime) ?? 0;
    return [`${s.PatientName} (${s.GivenPatientID}), ${String(age)} years old at the recording: ${CHILD_REASON}`];
  });
}

/** The works the report cites, each once: the sources of the ranges its lines use, and of its notes on children. */
export function reportSources(model: ReportModel): string[] {
  const judged = model.sessions.some(adultReferenceApplies);
  const ranges = judged
    ? model.metrics
        .flatMap((metric) => METRIC_LINES[metric])
        .flatMap((line) => (line.norm ? (model.norms[line.norm]?.sources ?? []) : []))
    : [];
  const children = childReferenceNotes(model).length > 0 ? [SUTHERLAND_1980, LYTHGO_2009] : [];
  return [...new Set([...ranges, ...children])];
}
