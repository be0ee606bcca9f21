import type { CodeItem, CodeTreeNode } from './codeTree.ts';
import { treeLeaves } from './codeTree.ts';
import { NERVOUS_SYSTEM_CHAPTER } from './icdNervousSystem.ts';

/**
 * ICD-10 (WHO, 2019 edition) conditions seen in gait clinics, as chapter → block → code.
 * Labels are the WHO titles; chapter ids are WHO's roman numerals and block ids its code ranges,
 * so every node, not only a code, opens in the WHO browser.
 */
export const ICD_TREE: readonly CodeTreeNode[] = [
  {
    id: 'I',
    label: 'Certain infectious and parasitic diseases',
    children: [
      {
        id: 'B90-B94',
        label: 'Sequelae of infectious and parasitic diseases',
        children: [{ id: 'B91', label: 'Sequelae of poliomyelitis' }],
      },
    ],
  },
  NERVOUS_SYSTEM_CHAPTER,
  {
    id: 'IX',
    label: 'Diseases of the circulatory system',
    children: [
      {
        id: 'I60-I69',
        label: 'Cerebrovascular diseases',
        children: [
          { id: 'I61.9', label: 'Intracerebral haemorrhage, unspecified' },
          { id: 'I63.9', label: 'Cerebral infarction, unspecified' },
          { id: 'I64', label: 'Stroke, not specified as haemorrhage or infarction' },
          { id: 'I69.1', label: 'Sequelae of intracerebral haemorrhage' },
          { id: 'I69.3', label: 'Sequelae of cerebral infarction' },
          { id: 'I69.4', label: 'Sequelae of stroke, not specified as haemorrhage or infarction' },
        ],
      },
      {
        id: 'I70-I79',
        label: 'Diseases of arteries, arterioles and capillaries',
        children: [{ id: 'I70.2', label: 'Atherosclerosis of arteries of extremities' }],
      },
    ],
  },
  {
    id: 'XIII',
    label: 'Diseases of the musculoskeletal system and connective tissue',
    children: [
      {
        id: 'M05-M14',
        label: 'Inflammatory polyarthropathies',
        children: [{ id: 'M06.9', label: 'Rheumatoid arthritis, unspecified' }],
      },
      {
        id: 'M15-M19',
        label: 'Arthrosis',
        children: [
          { id: 'M16.0', label: 'Primary coxarthrosis, bilateral' },
          { id: 'M16.1', label: 'Other primary coxarthrosis' },
          { id: 'M16.9', label: 'Coxarthrosis, unspecified' },
          { id: 'M17.0', label: 'Primary gonarthrosis, bilateral' },
          { id: 'M17.1', label: 'Other primary gonarthrosis' },
          { id: 'M17.9', label: 'Gonarthrosis, unspecified' },
        ],
      },
      {
        id: 'M20-M25',
        label: 'Other joint disorders',
        children: [
          { id: 'M20.1', label: 'Hallux valgus (acquired)' },
          { id: 'M21.3', label: 'Wrist or foot drop (acquired)' },
          { id: 'M21.4', label: 'Flat foot [pes planus] (acquired)' },
          { id: 'M21.7', label: 'Unequal limb length (acquired)' },
          { id: 'M24.5', label: 'Contracture of joint' },
        ],
      },
      {
        id: 'M45-M49',
        label: 'Spondylopathies',
        children: [{ id: 'M48.0', label: 'Spinal stenosis' }],
      },
    ],
  },
  {
    id: 'XVII',
    label: 'Congenital malformations, deformations and chromosomal abnormalities',
    children: [
      {
        id: 'Q00-Q07',
        label: 'Congenital malformations of the nervous system',
        children: [
          { id: 'Q05.2', label: 'Lumbar spina bifida with hydrocephalus' },
          { id: 'Q05.7', label: 'Lumbar spina bifida without hydrocephalus' },
          { id: 'Q05.9', label: 'Spina bifida, unspecified' },
        ],
      },
      {
        id: 'Q65-Q79',
        label: 'Congenital malformations and deformations of the musculoskeletal system',
        children: [
          { id: 'Q65.0', label: 'Congenital dislocation of hip, unilateral' },
          { id: 'Q65.1', label: 'Congenital dislocation of hip, bilateral' },
          { id: 'Q66.0', label: 'Talipes equinovarus' },
          { id: 'Q74.3', label: 'Arthrogryposis multiplex congenita' },
        ],
      },
      {
        id: 'Q90-Q99',
        label: 'Chromosomal abnormalities, not elsewhere classified',
        children: [{ id: 'Q90.9', label: 'Down syndrome, unspecified' }],
      },
    ],
  },
  {
    id: 'XVIII',
    label: 'Symptoms, signs and abnormal clinical and laboratory findings, not elsewhere classified',
    children: [
      {
        id: 'R25-R29',
        label: 'Symptoms and signs involving the nervous and musculoskeletal systems',
        children: [
          { id: 'R26.0', label: 'Ataxic gait' },
          { id: 'R26.1', label: 'Paralytic gait' },
          { id: 'R26.2', label: 'Difficulty in walking, not elsewhere classified' },
          { id: 'R26.8', label: 'Other and unspecified abnormalities of gait and mobility' },
          { id: 'R27.0', label: 'Ataxia, unspecified' },
          { id: 'R29.6', label: 'Tendency to fall, not elsewhere classified' },
        ],
      },
    ],
  },
  {
    id: 'XIX',
    label: 'Injury, poisoning and certain other consequences of external causes',
    children: [
      {
        id: 'S70-S79',
        label: 'Injuries to the hip and thigh',
        children: [
          { id: 'S72.0', label: 'Fracture of neck of femur' },
          { id: 'S72.1', label: 'Pertrochanteric fracture' },
          { id: 'S72.2', label: 'Subtrochanteric fracture' },
          { id: 'S72.3', label: 'Fracture of shaft of femur' },
        ],
      },
      {
        id: 'S80-S89',
        label: 'Injuries to the knee and lower leg',
        children: [
          { id: 'S82.1', label: 'Fracture of upper end of tibia' },
          { id: 'S82.6', label: 'Fracture of lateral malleolus' },
          { id: 'S83.5', label: 'Sprain and strain involving (anterior)(posterior) cruciate ligament of knee' },
        ],
      },
      {
        id: 'T90-T98',
        label: 'Sequelae of injuries, of poisoning and of other consequences of external causes',
        children: [
          { id: 'T90.5', label: 'Sequelae of intracranial injury' },
          { id: 'T91.3', label: 'Sequelae of injury of spinal cord' },
          { id: 'T93.1', label: 'Sequelae of fracture of femur' },
        ],
      },
    ],
  },
  {
    id: 'XXI',
    label: 'Factors influencing health status and contact with health services',
    children: [
      {
        id: 'Z80-Z99',
        label:
          'Persons with potential health hazards related to family and personal history and certain conditions influencing health status',
        children: [
          { id: 'Z89.4', label: 'Acquired absence of foot and ankle' },
          { id: 'Z89.5', label: 'Acquired absence of leg at or below knee' },
          { id: 'Z89.6', label: 'Acquired absence of leg above knee' },
          { id: 'Z89.7', label: 'Acquired absence of both lower limbs [any level, except toes alone]' },
          { id: 'Z96.6', label: 'Presence of orthopaedic joint implants' },
          { id: 'Z97.1', label: 'Presence of artificial limb (complete)(partial)' },
          { id: 'Z99.3', label: 'Dependence on wheelchair' },
        ],
      },
    ],
  },
];

export const ICD_CODES: readonly CodeItem[] = treeLeaves(ICD_TREE);

/** The WHO ICD-10 browser page of a code, block (G80-G83) or chapter (VI). */
export function icdBrowserUrl(code: string): string {
  return `https://icd.who.int/browse10/2019/en#/${encodeURIComponent(code)}`;
}
