import type { CodeTreeNode } from './codeTree.ts';

/** ICD-10 chapter VI (G00-G99), kept apart from icd.ts because it holds most gait-clinic conditions. */
export const NERVOUS_SYSTEM_CHAPTER: CodeTreeNode = {
  id: 'VI',
  label: 'Diseases of the nervous system',
  children: [
    {
      id: 'G10-G14',
      label: 'Systemic atrophies primarily affecting the central nervous system',
      children: [
        { id: 'G10', label: 'Huntington disease' },
        { id: 'G11.1', label: 'Early-onset cerebellar ataxia' },
        { id: 'G11.4', label: 'Hereditary spastic paraplegia' },
        { id: 'G12.2', label: 'Motor neuron disease' },
      ],
    },
    {
      id: 'G20-G26',
      label: 'Extrapyramidal and movement disorders',
      children: [
        { id: 'G20', label: 'Parkinson disease' },
        { id: 'G21.4', label: 'Vascular parkinsonism' },
        { id: 'G23.1', label: 'Progressive supranuclear ophthalmoplegia [Steele-Richardson-Olszewski]' },
        { id: 'G24.9', label: 'Dystonia, unspecified' },
        { id: 'G25.0', label: 'Essential tremor' },
      ],
    },
    {
      id: 'G35-G37',
      label: 'Demyelinating diseases of the central nervous system',
      children: [{ id: 'G35', label: 'Multiple sclerosis' }],
    },
    {
      id: 'G50-G59',
      label: 'Nerve, nerve root and plexus disorders',
      children: [{ id: 'G57.3', label: 'Lesion of lateral popliteal nerve' }],
    },
    {
      id: 'G60-G64',
      label: 'Polyneuropathies and other disorders of the peripheral nervous system',
      children: [
        { id: 'G60.0', label: 'Hereditary motor and sensory neuropathy' },
        { id: 'G61.0', label: 'Guillain-Barré syndrome' },
        { id: 'G62.9', label: 'Polyneuropathy, unspecified' },
      ],
    },
    {
      id: 'G70-G73',
      label: 'Diseases of myoneural junction and muscle',
      children: [
        { id: 'G70.0', label: 'Myasthenia gravis' },
        { id: 'G71.0', label: 'Muscular dystrophy' },
      ],
    },
    {
      id: 'G80-G83',
      label: 'Cerebral palsy and other paralytic syndromes',
      children: [
        { id: 'G80.0', label: 'Spastic quadriplegic cerebral palsy' },
        { id: 'G80.1', label: 'Spastic diplegic cerebral palsy' },
        { id: 'G80.2', label: 'Spastic hemiplegic cerebral palsy' },
        { id: 'G80.3', label: 'Dyskinetic cerebral palsy' },
        { id: 'G80.4', label: 'Ataxic cerebral palsy' },
        { id: 'G80.8', label: 'Other cerebral palsy' },
        { id: 'G80.9', label: 'Cerebral palsy, unspecified' },
        { id: 'G81.0', label: 'Flaccid hemiplegia' },
        { id: 'G81.1', label: 'Spastic hemiplegia' },
        { id: 'G81.9', label: 'Hemiplegia, unspecified' },
        { id: 'G82.1', label: 'Spastic paraplegia' },
        { id: 'G82.4', label: 'Spastic tetraplegia' },
        { id: 'G83.1', label: 'Monoplegia of lower limb' },
      ],
    },
    {
      id: 'G90-G99',
      label: 'Other disorders of the nervous system',
      children: [{ id: 'G91.2', label: 'Normal-pressure hydrocephalus' }],
    },
  ],
};
