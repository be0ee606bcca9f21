import type { StoredLogin } from '#app/lib/storedLogin';
import { personName } from '#app/lib/names';
import { ChangePasswordButton } from '#app/features/account/ChangePasswordDialog';
import { usePatient } from '#app/features/patients/api/getPatient';
import { AccountDetails, HomeCard } from './HomeCard.tsx';

export function PatientHome({ login }: { login: StoredLogin }) {
  const patient = usePatient(login.id, login.loginType);
  return (
    <HomeCard title="Patient Home" actions={<ChangePasswordButton type={login.loginType} />}>
      <AccountDetails
        query={patient}
        rows={(record) => [
          { label: 'Name', value: personName(record.Forename, record.Surname, 'Unnamed Patient') },
          { label: 'Email', value: record.Email },
        ]}
      />
    </HomeCard>
  );
}
