import type { ClinicType } from '#shared/records/clinic';

export const DEMO_PASSWORD = 'Demo-Gait-2026';

export const DEMO_LOGINS = {
  admin: 'demo-admin',
  clinic: 'demo-clinic',
  clinician: 'demo-clinician',
  patient: 'demo-patient',
} as const;

export type DemoClinic = {
  name: string;
  type: ClinicType;
  address: string;
  contact: [forename: string, surname: string, phone: string, email: string];
};

export const DEMO_CLINICS: readonly DemoClinic[] = [
  {
    name: 'Riverside Gait Laboratory',
    type: 'Medical',
    address: '12 Riverside Road, Bristol BS1 4QA',
    contact: ['Helen', 'Marsh', '+44 117 496 0123', 'gaitlab@riverside.example'],
  },
  {
    name: "St Anne's Rehabilitation Centre",
    type: 'Medical',
    address: '40 Chapel Street, Leeds LS2 7JT',
    contact: ['Omar', 'Haddad', '+44 113 496 0456', 'rehab@stannes.example'],
  },
  {
    name: 'Open Motion Developer Lab',
    type: 'Developer',
    address: '3 Foundry Lane, Manchester M4 1HN',
    contact: ['Priya', 'Raman', '+44 161 496 0789', 'dev@openmotion.example'],
  },
  {
    name: 'Stride Fitness Gym',
    type: 'Gym',
    address: '88 High Street, Oxford OX1 4BG',
    contact: ['Lewis', 'Grant', '+44 1865 496 012', 'coach@stride.example'],
  },
];

/** Clinicians: forename, surname, index of their clinic (or null for one with no clinic yet). */
export const DEMO_CLINICIANS: readonly [string, string, number | null][] = [
  ['Amelia', 'Hart', 0],
  ['Daniel', 'Okafor', 0],
  ['Sofia', 'Lindqvist', 0],
  ['James', 'Whitfield', 1],
  ['Nadia', 'Rahman', 1],
  ['Tomasz', 'Kowalski', 1],
  ['Grace', 'Adeyemi', 2],
  ['Ethan', 'Brooks', 3],
  ['Mei', 'Chen', 3],
  ['Rachel', 'Doyle', null],
];

export const FORENAMES = {
  Female: ['Olivia', 'Emily', 'Aisha', 'Hannah', 'Chloe', 'Zara', 'Ruth', 'Margaret', 'Isla', 'Freya', 'Leah', 'Joan'],
  Male: ['Jack', 'Harry', 'Mohammed', 'George', 'Arthur', 'Samuel', 'Kwame', 'Peter', 'Luca', 'Noah', 'Frank', 'Ravi'],
} as const;

export const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Khan',
  'Lewis',
  'Clarke',
  'Murphy',
] as const;

export const NOTES = [
  'Walks with a stick outdoors; none indoors.',
  'Reports knee pain after 20 minutes of walking.',
  'Review gait after physiotherapy block.',
  'Uses ankle-foot orthosis on the left.',
  'Falls twice in the last six months.',
  '',
  '',
  '',
] as const;
