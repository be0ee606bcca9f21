import type { ReactNode } from 'react';
import { icdBrowserUrl } from '#shared/codes/icd';
import { icfBrowserUrl } from '#shared/codes/icf';
import type { UserType } from '#shared/auth/userTypes';
import { MESSAGES } from '#shared/messages';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { formatDate } from '#app/lib/dateTime';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { codeTitle } from './codeTrees.ts';
import { icfRatingTexts } from './icfRatings.ts';
import { shownPatientName, splitList } from './patientText.ts';

/** The expanded row of the patient browser (docs/spec.md §2). */
export function PatientDetails({ patient, type }: { patient: MirroredPatient; type: UserType }) {
  const sessions = patient.SessionCount;
  const tags = splitList(patient.Miscs).map(codeTitle);
  return (
    <div className="patient-details">
      <dl className="patient-details__list">
        <Detail term="Patient ID">{patient.GivenPatientID}</Detail>
        <Detail term="Name">{shownPatientName(patient)}</Detail>
        <Detail term="Conditions (ICD-10)">
          <CodeLinks codes={splitList(patient.ICD)} urlOf={icdBrowserUrl} />
        </Detail>
        <Detail term="Functioning (ICF)">
          <CodeLinks
            codes={splitList(patient.ICF)}
            urlOf={icfBrowserUrl}
            ratings={icfRatingTexts(splitList(patient.ICF), patient.Ratings)}
          />
        </Detail>
        <Detail term="User Notes">{patient.Notes.trim() || MESSAGES.noNotes}</Detail>
        <Detail term="Tags">{tags.length > 0 ? tags.join(', ') : 'None'}</Detail>
        <Detail term="Recorded sessions">
          {sessions}
          {patient.LatestSessionDate ? ` (latest ${formatDate(patient.LatestSessionDate)})` : ''}
        </Detail>
      </dl>
      {sessions > 0 || type === 'admin' ? (
        <ButtonLink href={`/${type}/sessions?patient=${encodeURIComponent(patient.UniquePatientID)}`} variant="primary">
          View Sessions
        </ButtonLink>
      ) : (
        <p className="patient-details__none">{MESSAGES.noSessionsForPatient}</p>
      )}
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="patient-details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type CodeLinksProps = {
  codes: readonly string[];
  urlOf: (code: string) => string;
  /** ICF items: each one's rating (the qualifier), shown beside its title. */
  ratings?: ReadonlyMap<string, string>;
};

/** Each code with its WHO title, linking to the WHO browser in a new tab. */
function CodeLinks({ codes, urlOf, ratings }: CodeLinksProps) {
  if (codes.length === 0) return <>None</>;
  return (
    <ul className="patient-details__codes">
      {codes.map((code) => (
        <li key={code}>
          <a href={urlOf(code)} target="_blank" rel="noopener noreferrer">
            {code}
          </a>{' '}
          {codeTitle(code)}
          {ratings && <span className="patient-details__rating">Rating: {ratings.get(code) ?? 'Not rated'}</span>}
        </li>
      ))}
    </ul>
  );
}
