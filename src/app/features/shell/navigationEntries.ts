import type { UserType } from '#shared/auth/userTypes';

export type NavigationEntry = { label: string; href: string };

/** Drawer entries per login type, in the spec's order (spec §2, Navigation). */
export function navigationEntries(type: UserType): NavigationEntry[] {
  const home = { label: 'Home', href: `/${type}/home` };
  const sessions = { label: 'Sessions', href: `/${type}/sessions` };
  const patients = { label: 'Patients', href: `/${type}/patients` };
  const clinicians = { label: 'Clinicians', href: `/${type}/clinicians` };
  switch (type) {
    case 'patient':
      return [home, sessions];
    case 'clinician':
      return [home, sessions, patients];
    case 'clinic':
      return [home, sessions, patients, clinicians];
    case 'admin':
      return [
        home,
        sessions,
        patients,
        clinicians,
        { label: 'Clinics', href: '/admin/clinics' },
        { label: 'Changelog', href: '/admin/changelog' },
        { label: 'Audit Log', href: '/admin/audit-log' },
      ];
    default:
      return assertNever(type);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled login type: ${String(value)}`);
}
