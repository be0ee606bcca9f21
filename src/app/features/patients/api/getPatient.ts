import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Patient } from '#shared/records/patient';
import type { UserType } from '#shared/auth/userTypes';
import { getCall } from '#app/lib/apiCall';
import { firstRecord } from '#app/lib/firstRecord';
import { askOrKept, OWN_COPIES } from '#app/lib/mirror/keptCopies';

async function getPatient(patientId: string, userType: UserType): Promise<Patient> {
  const body = await getCall('patient', { PatientID: patientId, UserType: userType });
  return firstRecord(body.patients, 'patient');
}

export function getPatientQueryOptions(patientId: string, userType: UserType) {
  return queryOptions({
    queryKey: ['patients', patientId, userType],
    // The account's own details, shown offline from the copy this device keeps.
    queryFn: () => askOrKept(OWN_COPIES.patient, () => getPatient(patientId, userType)),
  });
}

export function usePatient(patientId: string, userType: UserType) {
  return useQuery(getPatientQueryOptions(patientId, userType));
}
