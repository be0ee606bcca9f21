import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Clinician } from '#shared/records/clinician';
import type { UserType } from '#shared/auth/userTypes';
import { getCall } from '#app/lib/apiCall';
import { firstRecord } from '#app/lib/firstRecord';
import { askOrKept, OWN_COPIES } from '#app/lib/mirror/keptCopies';

async function getClinician(clinicianId: string, userType: UserType): Promise<Clinician> {
  const body = await getCall('clinician', { id: clinicianId, UserType: userType });
  return firstRecord(body.clinicians, 'clinician');
}

export function getClinicianQueryOptions(clinicianId: string, userType: UserType) {
  return queryOptions({
    queryKey: ['clinicians', clinicianId, userType],
    // The account's own details, shown offline from the copy this device keeps.
    queryFn: () => askOrKept(OWN_COPIES.clinician, () => getClinician(clinicianId, userType)),
  });
}

export function useClinician(clinicianId: string, userType: UserType) {
  return useQuery(getClinicianQueryOptions(clinicianId, userType));
}
