import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { AdminHome } from '#app/features/home/AdminHome';
import { ClinicHome } from '#app/features/home/ClinicHome';
import { ClinicianHome } from '#app/features/home/ClinicianHome';
import { PatientHome } from '#app/features/home/PatientHome';
import { ChangePasswordButton } from '#app/features/account/ChangePasswordDialog';
import { useClinic } from '#app/features/clinics/api/getClinic';
import { useClinician } from '#app/features/clinicians/api/getClinician';
import { usePatient } from '#app/features/patients/api/getPatient';

// Split from the login bundle (docs/design.md budget: login page JavaScript at most 150 KB gzip).

const patientHome = getRouteApi('/patient/home');
export const patientHomeLazyRoute = createLazyRoute('/patient/home')({
  component: function PatientHomePage() {
    const { login } = patientHome.useRouteContext();
    return (
      <PatientHome
        patient={usePatient(login.id, login.loginType)}
        changePassword={<ChangePasswordButton type={login.loginType} />}
      />
    );
  },
});

const clinicianHome = getRouteApi('/clinician/home');
export const clinicianHomeLazyRoute = createLazyRoute('/clinician/home')({
  component: function ClinicianHomePage() {
    const { login } = clinicianHome.useRouteContext();
    return (
      <ClinicianHome
        clinician={useClinician(login.id, login.loginType)}
        changePassword={<ChangePasswordButton type={login.loginType} />}
      />
    );
  },
});

const clinicHome = getRouteApi('/clinic/home');
export const clinicHomeLazyRoute = createLazyRoute('/clinic/home')({
  component: function ClinicHomePage() {
    const { login } = clinicHome.useRouteContext();
    return (
      <ClinicHome
        clinic={useClinic(login.id, login.loginType)}
        changePassword={<ChangePasswordButton type={login.loginType} />}
      />
    );
  },
});

export const adminHomeLazyRoute = createLazyRoute('/admin/home')({ component: AdminHome });
