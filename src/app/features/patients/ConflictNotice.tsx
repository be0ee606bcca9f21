import { MESSAGES } from '#shared/messages';
import { Button } from '#app/components/ui/Button';
import { formatDate, formatDateTime } from '#app/lib/dateTime';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { patientName, sexLabel } from './patientText.ts';

/**
 * A 409 on save: someone else changed the patient since this dialog opened. Their version is shown and nothing is
 * overwritten; reloading puts their values in the form to edit again (docs/design.md Data flow 3).
 */
export function ConflictNotice({ current, onReload }: { current: MirroredPatient | undefined; onReload: () => void }) {
  return (
    <section
      role="alert"
      aria-label="Conflicting change"
      className="conflict"
      tabIndex={-1}
      // Focused (it is shown just above Update, where the user is), so the refusal cannot go unnoticed.
      ref={(section) => section?.focus({ preventScroll: true })}
    >
      <p>
        <strong>{MESSAGES.staleEdit}</strong> Your changes were not saved.
      </p>
      {current && (
        <dl className="conflict__values">
          <dt>Changed</dt>
          <dd>{formatDateTime(current.DateModified)}</dd>
          <dt>Patient ID</dt>
          <dd>{current.GivenPatientID}</dd>
          <dt>Name</dt>
          <dd>{patientName(current)}</dd>
          <dt>Date of Birth</dt>
          <dd>{formatDate(current.DOB)}</dd>
          <dt>Sex</dt>
          <dd>{sexLabel(current.Sex)}</dd>
          <dt>Height / Weight</dt>
          <dd>
            {current.Height} cm / {current.Weight} kg
          </dd>
          <dt>Clinics</dt>
          <dd>{current.ClinicNames}</dd>
        </dl>
      )}
      <Button variant="secondary" onPress={onReload}>
        Reload their version
      </Button>
    </section>
  );
}
