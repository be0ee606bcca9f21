import { speedForAgeAndSex } from '../gait/normativeRanges.ts';
import { ageAt, type ReportModel, type ReportSession } from './reportModel.ts';

/**
 * Who a report is about, as its header and columns print them: name and given id, sex, age at the recording and
 * height, and, where a study reports it for the patient's age and sex, the mean comfortable walking speed of that
 * group (Bohannon & Andrews 2011), since the reference values depend on both.
 */
export function patientSummary(s: ReportSession): string {
  const parts = [`${s.PatientName} (${s.GivenPatientID})`];
  const details = [
    s.patient.sex === '' ? 'sex not recorded' : s.patient.sex.toLowerCase(),
    ageText(s),
    ...(s.patient.heightCm === null ? [] : [`${(s.patient.heightCm / 100).toFixed(2)} m tall`]),
  ];
  return `${parts.join('')}: ${details.join(', ')}`;
}

function ageText(s: ReportSession): string {
  const age = ageAt(s.patient.dateOfBirth, s.DateTime);
  return age === undefined ? 'age not recorded' : `${String(age)} years old at the recording`;
}

/** Short form for a column heading: sex and age. */
export function patientBrief(s: ReportSession): string {
  const age = ageAt(s.patient.dateOfBirth, s.DateTime);
  const sex = s.patient.sex === '' ? 'sex ?' : s.patient.sex.toLowerCase();
  return `${sex}, ${age === undefined ? 'age ?' : `${String(age)} y`}`;
}

/** One line per patient: the age-and-sex group's mean walking speed, where the study covers the patient. */
export function ageAndSexReferences(model: ReportModel): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const s of model.sessions) {
    if (seen.has(s.UniquePatientID)) continue;
    seen.add(s.UniquePatientID);
    const age = ageAt(s.patient.dateOfBirth, s.DateTime);
    const reference = age === undefined ? undefined : speedForAgeAndSex(age, s.patient.sex);
    if (reference === undefined) continue;
    const who = model.type === 'multi-patient' ? `${s.PatientName}: ` : '';
    lines.push(
      `${who}mean comfortable walking speed of healthy ${reference.group}: ${reference.speed.toFixed(2)} m/s (Bohannon & Andrews 2011).`,
    );
  }
  return lines;
}
