import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Clinic } from '#shared/records/clinic';
import type { UserType } from '#shared/auth/userTypes';
import { getCall } from '#app/lib/apiCall';
import { firstRecord } from '#app/lib/firstRecord';
import { askOrKept, OWN_COPIES } from '#app/lib/mirror/keptCopies';

async function getClinic(clinicId: string, userType: UserType): Promise<Clinic> {
  const body = await getCall('clinic', { id: clinicId, UserType: userType });
  return firstRecord(body.clinics, 'clinic');
}

export function getClinicQueryOptions(clinicId: string, userType: UserType) {
  return queryOptions({
    queryKey: ['clinics', clinicId, userType],
    // The account's own details, shown offline from the copy this device keeps.
    queryFn: () => askOrKept(OWN_COPIES.clinic, () => getClinic(clinicId, userType)),
  });
}

export function useClinic(clinicId: string, userType: UserType) {
  return useQuery(getClinicQueryOptions(clinicId, userType));
}
