import type { Bundle, BundleEntry, Observation, ObservationComponent, Patient, Quantity, Reference } from 'fhir/r4';
import type { GaitMetrics } from '../gait/gaitResult.ts';
import { GAIT_MEASURES, type GaitMeasure } from './fhirMeasures.ts';

const UCUM = 'http://unitsofmeasure.org';
const LOINC = 'http://loinc.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** The patient as the export names them: the given id, never the portal's internal one, and what FHIR Patient holds. */
type FhirPatientInput = {
  givenPatientId: string;
  forename: string;
  surname: string;
  /** 'Female', 'Male', 'Other' or '' (not specified). */
  sex: string;
  /** ISO date, or null. */
  dateOfBirth: string | null;
  /** Centimetres and kilograms; 0 when not recorded. */
  heightCm: number;
  weightKg: number;
  /**
   * When the record holding height and weight was last changed (the patient's DateModified, ISO): the latest time
   * they can have been entered, and so the effective time of their Observations.
   */
  recordedAt: string;
};

export type FhirSessionInput = {
  sessionNumber: number;
  subSessionNumber: number;
  /** ISO 8601 date and time. */
  dateTime: string;
  /** The engine's whole-session metrics; a session without them is left out. */
  metrics: GaitMetrics | null;
  method: string;
};

export type FhirBundleInput = {
  patient: FhirPatientInput;
  sessions: readonly FhirSessionInput[];
  /** When the bundle was made. */
  generatedAt: Date;
  /** A new RFC 4122 UUID per call (crypto.randomUUID on the server and in the browser). */
  newUuid: () => string;
  /** Canonical base of the portal's identifiers and local code system; a deployment may set its own URL. */
  systemBase?: string;
};

/** Where each local code system and identifier lives under the system base (docs/export-formats.md). */
export const fhirSystems = (base = 'urn:gait-portal') => {
  const join = base.startsWith('urn:') ? ':' : '/';
  return {
    measures: `${base}${join}gait-measure`,
    patientId: `${base}${join}patient-id`,
    observationId: `${base}${join}observation-id`,
  };
};

/**
 * A FHIR R4 Bundle of type collection for one patient: the Patient, one Observation per gait measure and session
 * (status final, category exam, coded in the portal's local code system, value in UCUM, left and right as
 * components for per-side measures), and the body height and weight the record holds (LOINC 8302-2 "Body height"
 * and 29463-7 "Body weight", the codes of FHIR R4's vital signs profiles). Entries refer to each other by urn:uuid
 * full URLs. Measures the engine could not compute (null) are left out.
 */
export function fhirBundle(input: FhirBundleInput): Bundle<Patient | Observation> {
  const systems = fhirSystems(input.systemBase);
  const patientUrl = `urn:uuid:${input.newUuid()}`;
  const entries: BundleEntry<Patient | Observation>[] = [
    { fullUrl: patientUrl, resource: patientResource(input.patient, systems.patientId) },
  ];
  const subject: Reference = { reference: patientUrl, display: input.patient.givenPatientId };
  for (const session of input.sessions) {
    if (session.metrics === null) continue;
    for (const measure of GAIT_MEASURES) {
      const resource = gaitObservation(measure, session, session.metrics, subject, input.patient, systems);
      if (resource !== undefined) entries.push({ fullUrl: `urn:uuid:${input.newUuid()}`, resource });
    }
  }
  for (const body of bodyObservations(input.patient, subject))
    entries.push({ fullUrl: `urn:uuid:${input.newUuid()}`, resource: body });
  return { resourceType: 'Bundle', type: 'collection', timestamp: input.generatedAt.toISOString(), entry: entries };
}

function patientResource(patient: FhirPatientInput, identifierSystem: string): Patient {
  const name =
    patient.forename !== '' || patient.surname !== ''
      ? [
          {
            ...(patient.surname === '' ? {} : { family: patient.surname }),
            ...(patient.forename === '' ? {} : { given: [patient.forename] }),
          },
        ]
      : undefined;
  return {
    resourceType: 'Patient',
    identifier: [{ system: identifierSystem, value: patient.givenPatientId }],
    ...(name === undefined ? {} : { name }),
    gender: administrativeGender(patient.sex),
    ...(patient.dateOfBirth === null ? {} : { birthDate: patient.dateOfBirth.slice(0, 10) }),
  };
}

/** FHIR's AdministrativeGender: male, female, other, unknown. */
function administrativeGender(sex: string): NonNullable<Patient['gender']> {
  const known: Record<string, NonNullable<Patient['gender']>> = { Female: 'female', Male: 'male', Other: 'other' };
  return known[sex] ?? 'unknown';
}

function gaitObservation(
  measure: GaitMeasure,
  session: FhirSessionInput,
  metrics: GaitMetrics,
  subject: Reference,
  patient: FhirPatientInput,
  systems: ReturnType<typeof fhirSystems>,
): Observation | undefined {
  const value = measure.value(metrics);
  if (value === null || !Number.isFinite(value)) return undefined;
  const quantity = (v: number): Quantity => ({
    value: round(v),
    unit: measure.unit.display,
    system: UCUM,
    code: measure.unit.code,
  });
  const components =
    measure.side === undefined
      ? []
      : (['left', 'right'] as const).flatMap((side): ObservationComponent[] => {
          const v = measure.side?.(metrics[side]) ?? null;
          if (v === null || !Number.isFinite(v)) return [];
          const code = `${measure.code}-${side}`;
          const display = `${measure.display}, ${side}`;
          return [
            {
              code: { coding: [{ system: systems.measures, code, display }], text: display },
              valueQuantity: quantity(v),
            },
          ];
        });
  const number = `${session.sessionNumber}.${session.subSessionNumber}`;
  return {
    resourceType: 'Observation',
    identifier: [{ system: systems.observationId, value: `${patient.givenPatientId}/${number}/${measure.code}` }],
    status: 'final',
    category: [{ coding: [{ system: CATEGORY, code: 'exam', display: 'Exam' }] }],
    code: {
      coding: [{ system: systems.measures, code: measure.code, display: measure.display }],
      text: measure.display,
    },
    subject,
    effectiveDateTime: session.dateTime,
    valueQuantity: quantity(value),
    method: { text: session.method },
    note: [{ text: `Session ${number}` }],
    ...(components.length === 0 ? {} : { component: components }),
  };
}

/**
 * Body height and weight as FHIR R4's vital signs profiles ask (http://hl7.org/fhir/StructureDefinition/bodyheight
 * and bodyweight): status, the vital-signs category, the LOINC code, the subject, effective[x] (required: 1..1) and
 * a UCUM quantity; each names its profile in meta.profile.
 */
function bodyObservations(patient: FhirPatientInput, subject: Reference): Observation[] {
  const vital = (profile: string, code: string, display: string, value: number, unit: string): Observation => ({
    resourceType: 'Observation',
    meta: { profile: [`http://hl7.org/fhir/StructureDefinition/${profile}`] },
    status: 'final',
    category: [{ coding: [{ system: CATEGORY, code: 'vital-signs', display: 'Vital Signs' }] }],
    code: { coding: [{ system: LOINC, code, display }], text: display },
    subject,
    effectiveDateTime: patient.recordedAt,
    valueQuantity: { value: round(value), unit, system: UCUM, code: unit },
  });
  return [
    ...(patient.heightCm > 0 ? [vital('bodyheight', '8302-2', 'Body height', patient.heightCm, 'cm')] : []),
    ...(patient.weightKg > 0 ? [vital('bodyweight', '29463-7', 'Body weight', patient.weightKg, 'kg')] : []),
  ];
}

/** Four decimals: below what any of the measures can resolve. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;
