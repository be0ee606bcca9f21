import type { SessionFileType } from '#shared/sessions/sessionFiles';

/** docs/spec.md §5: the files a session takes — .json (joint data, gait metrics), .txt (clinic format), .mp4 (video). */
export type SessionFileFormat = 'json' | 'txt' | 'mp4';

export const ACCEPTED_EXTENSIONS = ['.json', '.txt', '.mp4'] as const;

const FORMATS: readonly SessionFileFormat[] = ['json', 'txt', 'mp4'];

export function formatOfName(name: string): SessionFileFormat | undefined {
  const extension = /\.([^.]+)$/.exec(name.trim().toLowerCase())?.[1];
  return FORMATS.find((format) => format === extension);
}

/** The body's content type (the API takes file text as text/plain or application/json, videos as video/mp4). */
export const CONTENT_TYPES: Record<SessionFileFormat, string> = {
  json: 'application/json',
  txt: 'text/plain',
  mp4: 'video/mp4',
};

export function formatOfType(type: SessionFileType): SessionFileFormat {
  switch (type) {
    case 'Joint Data File':
    case 'Gait Metrics File':
      return 'json';
    case 'Clinic Format File':
      return 'txt';
    case 'Video File':
    case 'Blurred Video File':
      return 'mp4';
  }
}

/** The types a picked file can be stored as, judged by its extension; the first is the likely one. */
export function typesForName(name: string): SessionFileType[] {
  switch (formatOfName(name)) {
    case 'json':
      // A gait metrics export is usually named after its contents; anything else is taken for joint data.
      return /metric/i.test(name) ? ['Gait Metrics File', 'Joint Data File'] : ['Joint Data File', 'Gait Metrics File'];
    case 'txt':
      return ['Clinic Format File'];
    case 'mp4':
      return ['Video File', 'Blurred Video File'];
    case undefined:
      return [];
  }
}
