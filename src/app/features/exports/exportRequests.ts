import { HTTPError } from 'ky';
import type { SessionExportKind } from '#shared/api/exportCalls';
import { selectionFileName, sessionFileName } from '#shared/exports/downloadNames';
import { MESSAGES } from '#shared/messages';
import type { Session } from '#shared/sessions/session';
import { api, serverErrorOf } from '#app/lib/api';
import { isOffline } from '#app/lib/mirror/reachability';
import { loginStore } from '#app/lib/storedLogin';
import { saveBlob } from '#app/lib/saveBlob';
import { fileNameFromDisposition } from '#shared/http/contentDisposition';

/**
 * Exports are made and audited by the server, from the stored joint data: offline there is nothing to ask, and
 * making them on the device would hand out patient data that no audit row records.
 */
export const EXPORTS_NEED_NETWORK = 'Exports are made by the server: connect to the network and try again.';

const searchParams = (): Record<string, string> => {
  const login = loginStore.read();
  return login ? { UserType: login.loginType } : {};
};

/** Engine analysis of a long recording takes a while on a busy server; a zip of many sessions longer. */
const TIMEOUT_MS = 120_000;

async function save(response: Response, fallbackName: string): Promise<string> {
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/** One sub-session's CSV or C3D, saved under its name; answers the name. */
export async function downloadSessionExport(session: Session, kind: SessionExportKind): Promise<string> {
  const path = `/api/export/session/${encodeURIComponent(session.SubSessionID)}/${kind}`;
  const response = await api.get(path, { searchParams: searchParams(), timeout: TIMEOUT_MS });
  return save(
    response,
    sessionFileName(
      {
        givenPatientId: session.GivenPatientID,
        sessionNumber: session.SessionNumber,
        subSessionNumber: session.SubSessionNumber,
      },
      kind,
    ),
  );
}

/** The chosen exports of several sub-sessions as one zip with an index.csv. */
export async function downloadSessionsZip(
  sessions: readonly Session[],
  kinds: readonly SessionExportKind[],
): Promise<string> {
  const response = await api.post('/api/export/sessions.zip', {
    searchParams: searchParams(),
    json: { SubSessionIDs: sessions.map((s) => s.SubSessionID), Kinds: kinds },
    timeout: TIMEOUT_MS,
  });
  return save(
    response,
    selectionFileName(
      sessions.map((s) => s.GivenPatientID),
      'sessions.zip',
    ),
  );
}

/** A patient's FHIR R4 Bundle. */
export async function downloadPatientFhir(patient: {
  UniquePatientID: string;
  GivenPatientID: string;
}): Promise<string> {
  const path = `/api/export/patient/${encodeURIComponent(patient.UniquePatientID)}/fhir.json`;
  const response = await api.get(path, { searchParams: searchParams(), timeout: TIMEOUT_MS });
  return save(response, selectionFileName([patient.GivenPatientID], 'fhir.json'));
}

/** What to tell the user when an export failed: the server's reason, or that it needs the network. */
export async function exportErrorMessage(error: unknown): Promise<string> {
  if (error instanceof HTTPError) return (await serverErrorOf(error)) ?? MESSAGES.someError;
  return isOffline() || error instanceof TypeError ? EXPORTS_NEED_NETWORK : MESSAGES.someError;
}
