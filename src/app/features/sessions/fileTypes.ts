import type { SessionFileType } from '#shared/sessions/sessionFiles';
import { NOT_A_SESSION_FILE, SNIFF_BYTES, sniffSessionFile, type SniffedFile } from '#shared/sessions/sniffSessionFile';

/**
 * A hint for the file picker only: what a file is comes from its content (sniffSessionFile here, the server's checks
 * on the whole file), never its name, so a file with any other name can still be chosen through "All files".
 */
export const ACCEPTED_EXTENSIONS = ['.json', '.txt', '.mp4', '.c3d', '.csv', '.trc', '.mot'] as const;

/** What the first bytes of a picked file say it is, by the server's own rules. */
export async function sniffPickedFile(file: Blob): Promise<SniffedFile> {
  return sniffSessionFile(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}

/** How a picked file is described beside its name. */
export function describeSniffed(sniffed: SniffedFile): string {
  switch (sniffed.kind) {
    case 'video':
      return 'MP4 video';
    case 'recording':
      return sniffed.name;
    case 'gaitMetrics':
      return 'Gait metrics file';
    case 'clinicFormat':
      return 'Clinic-format file';
    case 'motion':
      return 'OpenSim motion file';
    case 'unknown':
      return 'Not a session file';
  }
}

/** Why a picked file cannot be a session file at all, or null when it can. */
export function refusalOf(sniffed: SniffedFile): string | null {
  return sniffed.kind === 'unknown' ? NOT_A_SESSION_FILE : null;
}

/** Whether a picked file is an OpenCap TRC, the recording an OpenSim motion file belongs beside. */
export const isOpencapTrc = (sniffed: SniffedFile): boolean =>
  sniffed.kind === 'recording' && sniffed.format === 'opencapTrc';

/**
 * The upload types a file's content allows, the likely one first: any recording is joint data (converted on the
 * server, its original kept beside it); a video is unblurred unless its name says blurred; an OpenSim motion file is
 * kept beside an OpenCap TRC.
 */
export function typesForFile(sniffed: SniffedFile, name: string): SessionFileType[] {
  switch (sniffed.kind) {
    case 'video': {
      const lower = name.toLowerCase();
      return lower.includes('blur') && !lower.includes('unblur')
        ? ['Blurred Video File', 'Video File']
        : ['Video File', 'Blurred Video File'];
    }
    case 'recording':
      return ['Joint Data File'];
    case 'gaitMetrics':
      return ['Gait Metrics File'];
    case 'clinicFormat':
      return ['Clinic Format File'];
    case 'motion':
      return ['OpenSim Motion File'];
    case 'unknown':
      return [];
  }
}

/** Why a file cannot be uploaded as the chosen type (the server would refuse it with 415), or null. */
export function typeMismatch(type: SessionFileType, sniffed: SniffedFile, name: string): string | null {
  const refused = refusalOf(sniffed);
  if (refused !== null) return refused;
  if (typesForFile(sniffed, name).includes(type)) return null;
  return `This file (${describeSniffed(sniffed)}) cannot be stored as the ${type}.`;
}
