/**
 * The lower-body marker sets gait laboratories use, recognised by their labels, each marker given the role the
 * engine's joints are built from (gait/c3dJointData.ts reads the roles under their Plug-in Gait names). A lab names
 * the same landmark differently in every system; what the engine needs is the same: both anterior superior iliac
 * spines, the back of the pelvis (both posterior spines or one sacral marker), and each side's lateral knee, lateral
 * malleolus and toe (the heel where there is one). docs/import-formats.md lists every set with its source.
 */
export type MarkerRole =
  'LASI' | 'RASI' | 'LPSI' | 'RPSI' | 'SACR' | 'LKNE' | 'RKNE' | 'LANK' | 'RANK' | 'LHEE' | 'RHEE' | 'LTOE' | 'RTOE';

type MarkerSet = {
  name: string;
  /** Each role's labels in this set, compared after `markerKey` (case, subject prefix and punctuation dropped). */
  labels: Readonly<Partial<Record<MarkerRole, readonly string[]>>>;
};

const PELVIS_BACK: readonly MarkerRole[] = ['LPSI', 'RPSI'];
const REQUIRED: readonly MarkerRole[] = ['LASI', 'RASI', 'LKNE', 'RKNE', 'LANK', 'RANK', 'LTOE', 'RTOE'];

/** Both sides' labels from one pattern per role, $ standing for the side: { ASI: ['$ASI'] } gives LASI and RASI. */
function bothSides(stems: Partial<Record<string, readonly string[]>>): MarkerSet['labels'] {
  const labels: Partial<Record<MarkerRole, string[]>> = {};
  for (const [role, names] of Object.entries(stems)) {
    for (const side of ['L', 'R'] as const) {
      labels[`${side}${role}` as MarkerRole] = (names ?? []).map((name) => name.replaceAll('$', side));
    }
  }
  return labels;
}

const MARKER_SETS: readonly MarkerSet[] = [
  {
    // Vicon Plug-in Gait and the Conventional Gait Model 1–2.x (Davis et al. 1991; Leboeuf et al. 2019).
    name: 'Plug-in Gait / CGM',
    labels: {
      ...bothSides({ ASI: ['$ASI'], PSI: ['$PSI'], KNE: ['$KNE'], ANK: ['$ANK'], HEE: ['$HEE'], TOE: ['$TOE'] }),
      SACR: ['SACR'],
    },
  },
  {
    // Helen Hayes (Kadaba et al. 1990): one sacral marker, written VSAC or SACR by Vicon Workstation.
    name: 'Helen Hayes',
    labels: {
      ...bothSides({ ASI: ['$ASI'], KNE: ['$KNE'], ANK: ['$ANK'], HEE: ['$HEE'], TOE: ['$TOE'] }),
      SACR: ['VSAC', 'SACR'],
    },
  },
  {
    // Motion Analysis Corporation's Helen Hayes labels (Cortex, EVaRT; BTK's Gait.trc) and OpenSim's gait models
    // (Gait2354's motion_capture_walk.trc: R.Knee.Lat, R.Ankle.Lat, R.Toe.Tip).
    name: 'Motion Analysis / OpenSim',
    labels: {
      ...bothSides({
        ASI: ['$ASIS'],
        PSI: ['$PSIS'],
        KNE: ['$KNEE', '$KNEELAT', '$KNEELATERAL', '$LATKNEE'],
        ANK: ['$ANKLE', '$ANKLELAT', '$ANKLELATERAL', '$LATANKLE'],
        HEE: ['$HEEL'],
        TOE: ['$TOE', '$TOETIP', '$TOES', '$MT2', '$MET2'],
      }),
      SACR: ['VSACRAL', 'SACRAL', 'SACRUM'],
    },
  },
  {
    // ISB landmark names as Qualisys' IOR gait model writes them (Leardini et al. 2007, Gait Posture 26:560–571):
    // IAS/IPS iliac spines, FLE lateral femoral epicondyle, FAL lateral malleolus, FCC calcaneus, FM2 second
    // metatarsal head (FM1/FM5 where the set has no FM2).
    name: 'ISB / Qualisys IOR',
    labels: {
      ...bothSides({
        ASI: ['$IAS'],
        PSI: ['$IPS'],
        KNE: ['$FLE'],
        ANK: ['$FAL'],
        HEE: ['$FCC'],
        TOE: ['$FM2', '$FM1', '$FM5'],
      }),
      SACR: ['SACR', 'SACRUM'],
    },
  },
  {
    // Codamotion's gait protocol labels (ODIN: 'L.ASIS', 'L Knee', 'L Ankle', 'L Heel', 'L Toe' or 'L Met5').
    name: 'Codamotion',
    labels: {
      ...bothSides({
        ASI: ['$ASIS'],
        PSI: ['$PSIS'],
        KNE: ['$KNEE', '$KNEE1'],
        ANK: ['$ANKLE', '$ANKLE1'],
        HEE: ['$HEEL'],
        TOE: ['$TOE', '$MET5', '$MT5'],
      }),
      SACR: ['SACRUM', 'SACR'],
    },
  },
];

/**
 * A label as sets are compared: the subject prefix ('Patient:LASI') and punctuation dropped, upper case, and a
 * leading LEFT/RIGHT shortened to L/R ('Left ASIS', 'L_IAS', 'L.ASIS' are LASIS, LIAS, LASIS).
 */
export function markerKey(label: string): string {
  const bare = (label.split(':').at(-1) ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return bare.replace(/^LEFT/, 'L').replace(/^RIGHT/, 'R');
}

export type RecognisedSet = { set: MarkerSet; roles: Map<MarkerRole, number> };

/** The first set whose required roles the labels all hold, with each role's label index. */
export function recogniseMarkerSet(labels: readonly string[]): RecognisedSet | undefined {
  const keys = labels.map(markerKey);
  for (const set of MARKER_SETS) {
    const roles = new Map<MarkerRole, number>();
    for (const [role, names] of Object.entries(set.labels) as [MarkerRole, readonly string[]][]) {
      const index = names.map((name) => keys.indexOf(name)).find((i) => i >= 0);
      if (index !== undefined) roles.set(role, index);
    }
    const back = PELVIS_BACK.every((role) => roles.has(role)) || roles.has('SACR');
    if (back && REQUIRED.every((role) => roles.has(role))) return { set, roles };
  }
  return undefined;
}

/** What a refusal names: the landmarks looked for and a few of the labels found. */
export function markerSetRefusal(labels: readonly string[]): string {
  const shown = labels.slice(0, 12).join(', ');
  const more = labels.length > 12 ? ` and ${String(labels.length - 12)} more` : '';
  return (
    'Its markers match no marker set the portal knows (' +
    MARKER_SETS.map((s) => s.name).join(', ') +
    '). Looked for: both anterior superior iliac spines (LASI, L.ASIS, L_IAS), both posterior spines or the ' +
    'sacrum (LPSI, SACR, VSAC, V.Sacral, L_IPS), and on each side the lateral knee (LKNE, L.Knee, L_FLE), lateral ' +
    `ankle (LANK, L.Ankle, L_FAL) and toe (LTOE, L.Toe, L_FM2). Found: ${shown || 'no markers'}${more}.`
  );
}
