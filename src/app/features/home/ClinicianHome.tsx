import type { UseQueryResult } from '@tanstack/react-query';
import type { Copy } from '#app/lib/mirror/keptCopies';
import type { ReactNode } from 'react';
import type { Clinician } from '#shared/records/clinician';
import { personName } from '#shared/records/personName';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { AccountDetails, HomeCard } from './HomeCard.tsx';

export function ClinicianHome({
  clinician,
  changePassword,
}: {
  clinician: UseQueryResult<Copy<Clinician>>;
  changePassword: ReactNode;
}) {
  return (
    <HomeCard
      title="Clinician Home"
      actions={
        <>
          <ButtonLink href="/clinician/patients?add=patient">Add Patient</ButtonLink>
          {changePassword}
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
