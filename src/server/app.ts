import Fastify, { type FastifyInstance } from 'fastify';
import { createSessionAnalyser } from './analysis/sessionAnalyser.ts';
import { registerWriteAudit } from './audit/requestAudit.ts';
import type { AppDeps } from './deps.ts';
import { accountRoutes } from './features/account/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { blurJobRoutes } from './features/blurJobs/routes.ts';
import { poseJobRoutes } from './features/poseJobs/routes.ts';
import { clinicianRoutes } from './features/clinicians/routes.ts';
import { clinicRoutes } from './features/clinics/routes.ts';
import { codeRoutes } from './features/codes/routes.ts';
import { exportRoutes } from './features/exports/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { patientRoutes } from './features/patients/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { sessionRoutes } from './features/sessions/routes.ts';
import { answerSerializerCompiler } from './http/answerSerializer.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerClientAddress } from './http/clientAddress.ts';
import { registerErrorHandler } from './http/errorHandler.ts';
import './http/fastifyTypes.ts';
import { registerLifecycle } from './http/lifecycle.ts';
import { loggerOptions } from './http/logging.ts';
import { registerOpenApi } from './http/openApi.ts';
import { requestValidatorCompiler } from './http/requestValidation.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerStaticClient } from './http/staticClient.ts';
import { openStorage } from './storage/openStorage.ts';
import { registerCompression } from './http/compression.ts';

export type BuildOptions = { logger?: boolean; serveClient?: boolean; logStream?: NodeJS.WritableStream };

/**
 * The whole HTTP application, built from its dependencies so that tests and main.ts assemble it the same way. Every
 * API route comes from the call map (src/shared/api/calls.ts) through a feature's routes.ts.
 */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { trustProxy } = deps.config;
  const requestTimeout = deps.config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(deps.config.logLevel, options.logStream),
    // A hop count means: believe the nearest N proxies, i.e. take the address the Nth one saw (proxy-addr's rule).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // A client that trickles a body (a byte every few seconds) held its socket for as long as it liked, and a few
    // thousand of them used up the file descriptors. A request must arrive whole within REQUEST_TIMEOUT_SECONDS
    // (15 min): the app's largest request, a 32 MiB tus PATCH, then needs 32 MiB / 900 s = 37 KB/s, about 0.3 Mbit/s,
    // below the slowest ward Wi-Fi it is used on (a whole-file sendFile of a 2 GiB video would need 2.4 MB/s: the
    // app sends videos by tus). Node checks the deadline every connectionsCheckingInterval, 5 s here (30 s by default),
    // and only when the server is created with it (set afterwards, Node 20 never cut a body off).
    requestTimeout,
    http: { requestTimeout, connectionsCheckingInterval: 5_000 },
    // A socket with nothing sent either way for 2 min is closed (an export is computed well within that).
    connectionTimeout: 120_000,
    // Longer than a reverse proxy keeps an idle upstream connection (nginx: 60 s), so the proxy closes it first.
    keepAliveTimeout: 65_000,
    // Session file names are {SessionID}_{SubSessionID}.{format}: two UUIDs and a long format name (docs/spec.md §7).
    routerOptions: { maxParamLength: 256 },
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerLifecycle(app);
  registerClientAddress(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  registerCompression(app);
  registerAuthentication(app, deps);
  registerWriteAudit(app, deps);
  await registerOpenApi(app);

  const storage = openStorage(deps.config.storage);
  const { analysisMemoryMb: memoryMb, analysisBudget: budget } = deps.config;
  const analyser = createSessionAnalyser({ memoryMb, budget, storage });
  app.addHook('onClose', () => analyser.close());
  const withStorage = { ...deps, storage, analyser };
  await app.register(healthRoutes(withStorage));
  await app.register(authRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(patientRoutes(deps));
  await app.register(clinicianRoutes(deps));
  await app.register(clinicRoutes(deps));
  await app.register(codeRoutes());
  await app.register(auditRoutes(deps));
  await app.register(sessionRoutes(withStorage));
  await app.register(blurJobRoutes(deps));
  await app.register(poseJobRoutes(deps));
  await app.register(reportRoutes(withStorage));
  await app.register(exportRoutes(withStorage));

  if (options.serveClient !== false) await registerStaticClient(app, deps.config.clientDir);
  return app;
}
