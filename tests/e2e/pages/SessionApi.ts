import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PoseJob } from '#shared/sessions/poseJobs';
import type { Session } from '#shared/sessions/session';
import { sessionFilePath, type SessionFileKind } from '#shared/sessions/sessionFiles';
import { allRows } from '../support/listPages.ts';

type Named = { id: string; name: string };

/** Test setup through the API with the logged-in admin's token: sessions a spec needs without clicking them in. */
export class SessionApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async of(page: Page, request: APIRequestContext): Promise<SessionApi> {
    const token = await page.evaluate(() => window.sessionStorage.getItem('access_token'));
    if (!token) throw new Error('Log in before using the session API.');
    return new SessionApi(request, token);
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  private get adminList() {
    return { params: { UserType: 'admin' }, headers: this.headers };
  }

  /** A patient by given id, with the label the session browser shows ('Forename Surname (GP-1001)'). */
  async patient(givenId: string): Promise<Named> {
    const patients = await allRows<{
      UniquePatientID: string;
      GivenPatientID: string;
      Forename: string;
      Surname: string;
    }>(this.request, '/api/patients', 'patients', this.adminList);
    const found = patients.find((p) => p.GivenPatientID === givenId);
    if (!found) throw new Error(`No patient ${givenId}`);
    return { id: found.UniquePatientID, name: `${found.Forename} ${found.Surname} (${givenId})` };
  }

  async clinician(forename: string, surname: string): Promise<Named> {
    const clinicians = await allRows<{ ClinicianID: string; Forename: string; Surname: string }>(
      this.request,
      '/api/clinicians',
      'clinicians',
      this.adminList,
    );
    const found = clinicians.find((c) => c.Forename === forename && c.Surname === surname);
    if (!found) throw new Error(`No clinician ${forename} ${surname}`);
    return { id: found.ClinicianID, name: `${forename} ${surname}` };
  }

  /** Adds a clinician to the named clinic, with a login when a username is given (for namesakes a spec needs). */
  async addClinician(forename: string, surname: string, clinicName: string, username = ''): Promise<void> {
    const clinics = await allRows<{ ClinicID: string; Name: string }>(
      this.request,
      '/api/clinics',
      'clinics',
      this.adminList,
    );
    const clinic = clinics.find((c) => c.Name === clinicName);
    if (!clinic) throw new Error(`No clinic ${clinicName}`);
    const added = await this.request.post('/api/addClinician', {
      headers: { ...this.headers, 'Idempotency-Key': randomUUID() },
      data: {
        UserType: 'admin',
        Forename: forename,
        Surname: surname,
        ClinicIDs: clinic.ClinicID,
        ...(username ? { Username: username, Password: 'Cadence-Check-42' } : {}),
      },
    });
    if (!added.ok()) throw new Error(`addClinician answered ${String(added.status())}: ${await added.text()}`);
  }

  /** The demo patient Olivia Bennett (GP-1001) and the demo clinician Amelia Hart, whom most recordings are of. */
  async demoPatientAndClinician(): Promise<{ olivia: Named; amelia: Named }> {
    return { olivia: await this.patient('GP-1001'), amelia: await this.clinician('Amelia', 'Hart') };
  }

  async sessions(): Promise<Session[]> {
    return allRows<Session>(this.request, '/api/sessions', 'sessions', this.adminList);
  }

  /**
   * Adds session {number}.1 for the patient and clinician, with a joint data file (or any recording the portal
   * converts) when given, and an unblurred video (the only video, so only the admin and elevated clinicians may watch
   * it) when given; with `subSession`, sub-session {number}.{subSession} of the session added before.
   */
  async addSession(
    number: number,
    patientId: string,
    clinicianId: string,
    jointDataPath?: string,
    unblurredVideoPath?: string,
    subSession = 1,
  ): Promise<void> {
    const fileUploadId = `${String(Date.now())}${String(number)}`;
    const send = async (path: string, fileName: string, contentType: string, extra: Record<string, string> = {}) => {
      const sent = await this.request.post('/api/addSession/sendFile', {
        params: { UserType: 'admin', FileUploadID: fileUploadId, FileName: fileName, ...extra },
        headers: { ...this.headers, 'Content-Type': contentType, 'Idempotency-Key': randomUUID() },
        data: readFileSync(path),
      });
      if (!sent.ok()) throw new Error(`sendFile answered ${String(sent.status())}: ${await sent.text()}`);
    };
    // Told by its content, whatever its name and type.
    if (jointDataPath) await send(jointDataPath, 'joints.json', 'application/json');
    if (unblurredVideoPath) await send(unblurredVideoPath, 'walk.mp4', 'video/mp4', { VideoKind: 'Unblurred' });
    const added = await this.request.post('/api/addSession', {
      headers: { ...this.headers, 'Idempotency-Key': randomUUID() },
      data: {
        UserType: 'admin',
        SessionNumber: number,
        SubSessionNumber: subSession,
        UniquePatientID: patientId,
        ClinicianID: clinicianId,
        TestID: 'T01',
        DateTime: new Date().toISOString(),
        FileUploadID: fileUploadId,
        FileUploadTypeOptions: jointDataPath ? 'SharedFormatJointsOnly' : 'None',
        VideoUploadTypeOptions: unblurredVideoPath ? 'Unblurred' : 'None',
        AppendToExistingSessionIfFound: subSession > 1,
      },
    });
    if (!added.ok()) throw new Error(`addSession answered ${String(added.status())}: ${await added.text()}`);
  }

  /** The stored unblurred video of a session, as the server hands it out. */
  async storedVideo(session: Pick<Session, 'SessionID' | 'SubSessionID'>): Promise<Buffer> {
    return this.storedFile(session, 'video');
  }

  /** One stored file of a session, as the server hands it out to the admin. */
  async storedFile(session: Pick<Session, 'SessionID' | 'SubSessionID'>, kind: SessionFileKind): Promise<Buffer> {
    const answer = await this.request.get(sessionFilePath(session.SessionID, session.SubSessionID, kind), {
      headers: this.headers,
    });
    if (!answer.ok()) throw new Error(`The ${kind} download answered ${String(answer.status())}`);
    return answer.body();
  }

  /** The newest pose job of a session's first sub-session, as the server holds it. */
  async poseJob(sessionNumber: number): Promise<PoseJob> {
    const session = (await this.sessions()).find((s) => s.SessionNumber === sessionNumber);
    if (session === undefined) throw new Error(`No session ${String(sessionNumber)}`);
    const answer = await this.request.get('/api/poseJobs', {
      params: { UserType: 'admin', SubSessionID: session.SubSessionID },
      headers: this.headers,
    });
    const [job] = ((await answer.json()) as { jobs: PoseJob[] }).jobs;
    if (job === undefined) throw new Error(`Session ${String(sessionNumber)} has no pose job`);
    return job;
  }
}
