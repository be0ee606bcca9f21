import type { StoredLogin } from '#app/lib/storedLogin';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { ChangePasswordButton } from '#app/features/account/ChangePasswordDialog';
import { useClinic } from '#app/features/clinics/api/getClinic';
import { AccountDetails, HomeCard } from './HomeCard.tsx';

export function ClinicHome({ login }: { login: StoredLogin }) {
  const clinic = useClinic(login.id, login.loginType);
  return (
    <HomeCard
      title="Clinic Home"
      actions={
        <>
          <ButtonLink href="/clinic/clinicians?add=clinician">Add Clinician</ButtonLink>
          <ButtonLink href="/clinic/patients?add=patient">Add Patient</ButtonLink>
          <ChangePasswordButton type={login.loginType} />
        </>
      }
    >
      <AccountDetails
        query={clinic}
        rows={(record) => [
          { label: 'Clinic', value: record.Name },
          { label: 'Address', value: record.Address },
        ]}
      />
    </HomeCard>
  );
}
