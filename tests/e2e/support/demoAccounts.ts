import type { UserType } from '#shared/auth/userTypes';

export const DEMO_PASSWORD = 'Demo-Gait-2026';

export type DemoAccount = {
  type: UserType;
  username: string;
  /** What the home page shows about the account (none for the admin). */
  shown: readonly string[];
  /** Drawer entries, in order (docs/spec.md §2, Navigation). */
  navigation: readonly string[];
};

/** The demo logins a fresh test server seeds (src/server/seed/demoPeople.ts; the seed is deterministic). */
export const DEMO_ACCOUNTS: Record<UserType, DemoAccount> = {
  patient: {
    type: 'patient',
    username: 'demo-patient',
    shown: ['Olivia Bennett', 'olivia.bennett0@patient.example'],
    navigation: ['Home', 'Sessions', 'Offline Storage'],
  },
  clinician: {
    type: 'clinician',
    username: 'demo-clinician',
    shown: ['Amelia Hart', 'amelia.hart@clinic.example'],
    navigation: ['Home', 'Sessions', 'Patients', 'Offline Storage'],
  },
  clinic: {
    type: 'clinic',
    username: 'demo-clinic',
    shown: ['Riverside Gait Laboratory', '12 Riverside Road, Bristol BS1 4QA'],
    navigation: ['Home', 'Sessions', 'Patients', 'Clinicians', 'Offline Storage'],
  },
  admin: {
    type: 'admin',
    username: 'demo-admin',
    shown: [],
    navigation: ['Home', 'Sessions', 'Patients', 'Clinicians', 'Clinics', 'Changelog', 'Audit Log', 'Offline Storage'],
  },
};
