import type { UseQueryResult } from '@tanstack/react-query';
import type { Copy } from '#app/lib/mirror/keptCopies';
import type { ReactNode } from 'react';
import type { Clinic } from '#shared/records/clinic';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { AccountDetails, HomeCard } from './HomeCard.tsx';

export function ClinicHome({
  clinic,
  changePassword,
}: {
  clinic: UseQueryResult<Copy<Clinic>>;
  changePassword: ReactNode;
}) {
  return (
    <HomeCard
      title="Clinic Home"
      actions={
        <>
          <ButtonLink href="/clinic/clinicians?add=clinician">Add Clinician</ButtonLink>
          <ButtonLink href="/clinic/patients?add=patient">Add Patient</ButtonLink>
          {changePassword}
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
