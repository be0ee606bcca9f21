import type { UserType } from '#shared/auth/userTypes';

export type NavigationEntry = { label: string; href: string };

/** Drawer entries per login type, in the specification's (docs/spec.md) order (docs/spec.md §2, Navigation). */
export function navigationEntries(type: UserType): NavigationEntry[] {
  const home = { label: 'Home', href: `/${type}/home` };
  const sessions = { label: 'Sessions', href: `/${type}/sessions` };
  const patients = { label: 'Patients', href: `/${type}/patients` };
  const clinicians = { label: 'Clinicians', href: `/${type}/clinicians` };
  // Every role may keep session files on a device (docs/design.md Data flow 6); listed last, after the specification's (docs/spec.md) entries.
  const offline = { label: 'Offline Storage', href: `/${type}/offline` };
  switch (type) {
    case 'patient':
      return [home, sessions, offline];
    case 'clinician':
      return [home, sessions, patients, offline];
    case 'clinic':
      return [home, sessions, patients, clinicians, offline];
    case 'admin':
      return [
        home,
        sessions,
        patients,
        clinicians,
        { label: 'Clinics', href: '/admin/clinics' },
        { label: 'Changelog', href: '/admin/changelog' },
        { label: 'Audit Log', href: '/admin/audit-log' },
        offline,
      ];
    default:
      return assertNever(type);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled login type: ${String(value)}`);
}
