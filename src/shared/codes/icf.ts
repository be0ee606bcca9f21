import type { CodeItem, CodeTreeNode } from './codeTree.ts';
import { treeLeaves } from './codeTree.ts';

/**
 * ICF (WHO, 2001) items used to describe gait and mobility, as component → chapter → item.
 * Labels are the WHO titles. Items of different levels (d450 and d4500) sit side by side under
 * their chapter, because a clinician may record either.
 */
export const ICF_TREE: readonly CodeTreeNode[] = [
  {
    id: 'b',
    label: 'Body Functions',
    children: [
      {
        id: 'b2',
        label: 'Sensory functions and pain',
        children: [
          { id: 'b235', label: 'Vestibular functions' },
          { id: 'b260', label: 'Proprioceptive function' },
          { id: 'b265', label: 'Touch function' },
          { id: 'b280', label: 'Sensation of pain' },
          { id: 'b28015', label: 'Pain in lower limb' },
        ],
      },
      {
        id: 'b4',
        label: 'Functions of the cardiovascular, haematological, immunological and respiratory systems',
        children: [
          { id: 'b455', label: 'Exercise tolerance functions' },
          { id: 'b4550', label: 'General physical endurance' },
          { id: 'b4551', label: 'Aerobic capacity' },
          { id: 'b4552', label: 'Fatiguability' },
        ],
      },
      {
        id: 'b7',
        label: 'Neuromusculoskeletal and movement-related functions',
        children: [
          { id: 'b710', label: 'Mobility of joint functions' },
          { id: 'b715', label: 'Stability of joint functions' },
          { id: 'b730', label: 'Muscle power functions' },
          { id: 'b7303', label: 'Power of muscles in lower half of the body' },
          { id: 'b735', label: 'Muscle tone functions' },
          { id: 'b740', label: 'Muscle endurance functions' },
          { id: 'b750', label: 'Motor reflex functions' },
          { id: 'b755', label: 'Involuntary movement reaction functions' },
          { id: 'b760', label: 'Control of voluntary movement functions' },
          { id: 'b7602', label: 'Coordination of voluntary movements' },
          { id: 'b765', label: 'Involuntary movement functions' },
          { id: 'b770', label: 'Gait pattern functions' },
          { id: 'b780', label: 'Sensations related to muscles and movement functions' },
        ],
      },
    ],
  },
  {
    id: 's',
    label: 'Body Structures',
    children: [
      {
        id: 's1',
        label: 'Structures of the nervous system',
        children: [
          { id: 's110', label: 'Structure of brain' },
          { id: 's120', label: 'Spinal cord and related structures' },
        ],
      },
      {
        id: 's7',
        label: 'Structures related to movement',
        children: [
          { id: 's740', label: 'Structure of pelvic region' },
          { id: 's750', label: 'Structure of lower extremity' },
          { id: 's75001', label: 'Hip joint' },
          { id: 's75011', label: 'Knee joint' },
          { id: 's75021', label: 'Ankle joint and joints of foot and toes' },
          { id: 's760', label: 'Structure of trunk' },
        ],
      },
    ],
  },
  {
    id: 'd',
    label: 'Activities and Participation',
    children: [
      {
        id: 'd4',
        label: 'Mobility',
        children: [
          { id: 'd410', label: 'Changing basic body position' },
          { id: 'd415', label: 'Maintaining a body position' },
          { id: 'd4154', label: 'Maintaining a standing position' },
          { id: 'd420', label: 'Transferring oneself' },
          { id: 'd450', label: 'Walking' },
          { id: 'd4500', label: 'Walking short distances' },
          { id: 'd4501', label: 'Walking long distances' },
          { id: 'd4502', label: 'Walking on different surfaces' },
          { id: 'd4503', label: 'Walking around obstacles' },
          { id: 'd455', label: 'Moving around' },
          { id: 'd4551', label: 'Climbing' },
          { id: 'd4552', label: 'Running' },
          { id: 'd460', label: 'Moving around in different locations' },
          { id: 'd4600', label: 'Moving around within the home' },
          { id: 'd465', label: 'Moving around using equipment' },
          { id: 'd470', label: 'Using transportation' },
        ],
      },
      {
        id: 'd9',
        label: 'Community, social and civic life',
        children: [{ id: 'd920', label: 'Recreation and leisure' }],
      },
    ],
  },
  {
    id: 'e',
    label: 'Environmental Factors',
    children: [
      {
        id: 'e1',
        label: 'Products and technology',
        children: [
          { id: 'e115', label: 'Products and technology for personal use in daily living' },
          { id: 'e120', label: 'Products and technology for personal indoor and outdoor mobility and transportation' },
          {
            id: 'e1201',
            label: 'Assistive products and technology for personal indoor and outdoor mobility and transportation',
          },
          {
            id: 'e150',
            label: 'Design, construction and building products and technology of buildings for public use',
          },
          {
            id: 'e155',
            label: 'Design, construction and building products and technology of buildings for private use',
          },
        ],
      },
      {
        id: 'e3',
        label: 'Support and relationships',
        children: [
          { id: 'e310', label: 'Immediate family' },
          { id: 'e355', label: 'Health professionals' },
        ],
      },
      {
        id: 'e5',
        label: 'Services, systems and policies',
        children: [{ id: 'e580', label: 'Health services, systems and policies' }],
      },
    ],
  },
];

export const ICF_CODES: readonly CodeItem[] = treeLeaves(ICF_TREE);

/**
 * The WHO ICF browser has no documented, stable address per item, so every item links to its root
 * and the user looks up the code shown beside the link. The code stays a parameter so both
 * browsers share one signature with icdBrowserUrl.
 */
export function icfBrowserUrl(_code: string): string {
  return 'https://apps.who.int/classifications/icfbrowser/';
}
