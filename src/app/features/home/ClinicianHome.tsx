import type { StoredLogin } from '#app/lib/storedLogin';
import { personName } from '#shared/records/personName';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { ChangePasswordButton } from '#app/features/account/ChangePasswordDialog';
import { useClinician } from '#app/features/clinicians/api/getClinician';
import { AccountDetails, HomeCard } from './HomeCard.tsx';

export function ClinicianHome({ login }: { login: StoredLogin }) {
  const clinician = useClinician(login.id, login.loginType);
  return (
    <HomeCard
      title="Clinician Home"
      actions={
        <>
          <ButtonLink href="/clinician/patients?add=patient">Add Patient</ButtonLink>
          <ChangePasswordButton type={login.loginType} />
        </>
      }
    >
      <AccountDetails
        query={clinician}
        rows={(record) => [
          { label: 'Name', value: personName(record.Forename, record.Surname, 'Unnamed Clinician') },
          { label: 'Email', value: record.Email },
        ]}
      />
    </HomeCard>
  );
}
