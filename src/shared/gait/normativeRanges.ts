/**
 * Adult reference values for the gait metrics, for shading report tables and charts (docs/normative-ranges.md).
 * `low`–`high` is what a healthy adult typically shows at a comfortable speed; `basis` says where the band comes
 * from. These describe healthy adults walking overground in a laboratory; they are context, not a diagnosis.
 */
export type NormedMetric =
  | 'speed'
  | 'cadence'
  | 'stancePercent'
  | 'swingPercent'
  | 'doubleSupportPercent'
  | 'singleSupportPercent'
  | 'initialDoubleSupportPercent'
  | 'terminalDoubleSupportPercent'
  | 'stepLength'
  | 'strideLength'
  | 'kneeRangeOfMotion'
  | 'hipRangeOfMotion';

export type NormativeRange = {
  label: string;
  unit: string;
  low: number;
  high: number;
  basis: string;
  sources: readonly string[];
};

const BOHANNON_2011 =
  'Bohannon RW, Andrews AW. Normal walking speed: a descriptive meta-analysis. Physiotherapy 2011;97(3):182–189.';
const PERRY_2010 = 'Perry J, Burnfield JM. Gait Analysis: Normal and Pathological Function, 2nd ed. SLACK; 2010.';
const MURRAY_1964 =
  'Murray MP, Drought AB, Kory RC. Walking patterns of normal men. J Bone Joint Surg Am 1964;46:335–360.';
const MURRAY_1970 =
  'Murray MP, Kory RC, Sepic SB. Walking patterns of normal women. Arch Phys Med Rehabil 1970;51:637–650.';

export const NORMATIVE_RANGES: Readonly<Record<NormedMetric, NormativeRange>> = {
  speed: {
    label: 'Walking speed',
    unit: 'm/s',
    low: 0.94,
    high: 1.43,
    basis:
      'Lowest and highest mean comfortable speed over the age-by-sex strata of 23,111 healthy adults aged 20–99 (women 80–99: 0.94; men 40–49: 1.43).',
    sources: [BOHANNON_2011],
  },
  cadence: {
    label: 'Cadence',
    unit: 'steps/min',
    low: 100,
    high: 125,
    basis:
      'About ±10% around the adult free-walking means: 113 steps/min (Perry & Burnfield), 117 for men and women (Murray et al.).',
    sources: [PERRY_2010, MURRAY_1964, MURRAY_1970],
  },
  stancePercent: {
    label: 'Stance',
    unit: '% of gait cycle',
    low: 58,
    high: 62,
    basis: 'Stance is about 60% of the cycle at a comfortable speed, more when walking slower.',
    sources: [PERRY_2010],
  },
  swingPercent: {
    label: 'Swing',
    unit: '% of gait cycle',
    low: 38,
    high: 42,
    basis: 'Swing is about 40% of the cycle at a comfortable speed, less when walking slower.',
    sources: [PERRY_2010],
  },
  doubleSupportPercent: {
    label: 'Double support',
    unit: '% of gait cycle',
    low: 16,
    high: 24,
    basis: 'Initial and terminal double support are about 10% of the cycle each, about 20% in all; more when slower.',
    sources: [PERRY_2010],
  },
  singleSupportPercent: {
    label: 'Single support',
    unit: '% of gait cycle',
    low: 38,
    high: 42,
    basis: "Single-limb support equals the other limb's swing, about 40% of the cycle.",
    sources: [PERRY_2010],
  },
  initialDoubleSupportPercent: {
    label: 'Initial double support',
    unit: '% of gait cycle',
    low: 8,
    high: 12,
    basis: 'Loading response, from heel strike to the other foot leaving the floor, is about 10% of the cycle.',
    sources: [PERRY_2010],
  },
  terminalDoubleSupportPercent: {
    label: 'Terminal double support',
    unit: '% of gait cycle',
    low: 8,
    high: 12,
    basis: "Pre-swing, from the other foot's heel strike to toe off, is about 10% of the cycle.",
    sources: [PERRY_2010],
  },
  strideLength: {
    label: 'Stride length',
    unit: 'm',
    low: 1.32,
    high: 1.58,
    basis: 'Two mean free-speed steps of women (1.32 m) and men (1.58 m); Perry & Burnfield give 1.41 m.',
    sources: [MURRAY_1970, MURRAY_1964, PERRY_2010],
  },
  kneeRangeOfMotion: {
    label: 'Knee flexion range',
    unit: '°',
    low: 55,
    high: 65,
    basis: 'The knee flexes to about 60° in initial swing and nearly straightens at terminal swing and mid-stance.',
    sources: [PERRY_2010],
  },
  hipRangeOfMotion: {
    label: 'Hip flexion range',
    unit: '°',
    low: 35,
    high: 45,
    basis: 'The hip moves from about 30° of flexion at heel strike to about 10° of extension in terminal stance.',
    sources: [PERRY_2010],
  },
  stepLength: {
    label: 'Step length',
    unit: 'm',
    low: 0.66,
    high: 0.79,
    basis: 'Mean free-speed step length of women (0.66 m) and men (0.79 m); Perry & Burnfield give a 1.41 m stride.',
    sources: [MURRAY_1970, MURRAY_1964, PERRY_2010],
  },
};

/**
 * Mean comfortable walking speed of healthy adults by sex and decade of age (m/s), from the meta-analysis of
 * Bohannon & Andrews 2011 (Table 2; 41 studies, 23,111 adults). These are means of each age-and-sex group, not a
 * range: a report shows the patient's group beside the adult range.
 */
const SPEED_BY_AGE_AND_SEX: readonly { from: number; to: number; Female: number; Male: number }[] = [
  { from: 20, to: 29, Female: 1.341, Male: 1.358 },
  { from: 30, to: 39, Female: 1.337, Male: 1.433 },
  { from: 40, to: 49, Female: 1.39, Male: 1.434 },
  { from: 50, to: 59, Female: 1.313, Male: 1.433 },
  { from: 60, to: 69, Female: 1.241, Male: 1.339 },
  { from: 70, to: 79, Female: 1.132, Male: 1.262 },
  { from: 80, to: 99, Female: 0.943, Male: 0.968 },
];

/** The age-and-sex group's mean speed, or undefined outside 20–99 years or without a sex the study reports. */
export function speedForAgeAndSex(
  age: number,
  sex: string,
): { speed: number; group: string; source: string } | undefined {
  if (sex !== 'Female' && sex !== 'Male') return undefined;
  const row = SPEED_BY_AGE_AND_SEX.find((r) => age >= r.from && age < r.to + 1);
  if (row === undefined) return undefined;
  const who = sex === 'Female' ? 'women' : 'men';
  return { speed: row[sex], group: `${who} aged ${String(row.from)}–${String(row.to)}`, source: BOHANNON_2011 };
}
