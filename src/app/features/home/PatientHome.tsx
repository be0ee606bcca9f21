import type { CodeItem } from '#shared/codes/codeTree';
import { ICD_CODES } from '#shared/codes/icd';
import { ICF_CODES } from '#shared/codes/icf';
import { MESSAGES } from '#shared/messages';
import type { Patient } from '#shared/records/patient';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Copy } from '#app/lib/mirror/keptCopies';
import type { ReactNode } from 'react';
import { formatDate } from '#app/lib/dateTime';
import { heightText, weightText } from '#app/lib/measures';
import { personName } from '#shared/records/personName';
import { AccountDetails, HomeCard, type DetailRow } from './HomeCard.tsx';

/** docs/spec.md §6: a patient sees only the own record, read-only. */
export function PatientHome({
  patient,
  changePassword,
}: {
  patient: UseQueryResult<Copy<Patient>>;
  changePassword: ReactNode;
}) {
  return (
    <HomeCard title="Patient Home" actions={changePassword}>
      <AccountDetails query={patient} rows={ownRecordRows} />
    </HomeCard>
  );
}

const locale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/** Codes with their WHO titles, e.g. 'G80.1 Spastic diplegic cerebral palsy'. */
function codeTitles(codes: string | null, list: readonly CodeItem[]): string {
  return (codes ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => `${code} ${list.find((item) => item.CodeID === code)?.Label ?? ''}`.trim())
    .join('; ');
}

function ownRecordRows(record: Patient): DetailRow[] {
  return [
    { label: 'Name', value: personName(record.Forename, record.Surname, MESSAGES.unnamedPatient) },
    { label: 'Email', value: record.Email },
    { label: 'Patient ID', value: record.GivenPatientID },
    { label: 'Date of Birth', value: formatDate(record.DOB) },
    { label: 'Sex', value: record.Sex || 'Not Specified' },
    { label: 'Height', value: heightText(record.Height, locale()) },
    { label: 'Weight', value: weightText(record.Weight, locale()) },
    { label: 'Clinics', value: record.ClinicNames },
    { label: 'Clinicians', value: record.Clinicians },
    { label: 'Conditions (ICD-10)', value: codeTitles(record.ICD, ICD_CODES) },
    { label: 'Functioning (ICF)', value: codeTitles(record.ICF, ICF_CODES) },
  ];
}
