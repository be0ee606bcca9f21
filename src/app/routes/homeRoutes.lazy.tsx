import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { AdminHome } from '#app/features/home/AdminHome';
import { ClinicHome } from '#app/features/home/ClinicHome';
import { ClinicianHome } from '#app/features/home/ClinicianHome';
import { PatientHome } from '#app/features/home/PatientHome';

// Split from the login bundle (DESIGN.md budget: login page JavaScript at most 150 KB gzip).

const patientHome = getRouteApi('/patient/home');
export const patientHomeLazyRoute = createLazyRoute('/patient/home')({
  component: function PatientHomePage() {
    return <PatientHome login={patientHome.useRouteContext().login} />;
  },
});

const clinicianHome = getRouteApi('/clinician/home');
export const clinicianHomeLazyRoute = createLazyRoute('/clinician/home')({
  component: function ClinicianHomePage() {
    return <ClinicianHome login={clinicianHome.useRouteContext().login} />;
  },
});

const clinicHome = getRouteApi('/clinic/home');
export const clinicHomeLazyRoute = createLazyRoute('/clinic/home')({
  component: function ClinicHomePage() {
    return <ClinicHome login={clinicHome.useRouteContext().login} />;
  },
});

export const adminHomeLazyRoute = createLazyRoute('/admin/home')({ component: AdminHome });
