import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createSessionAnalyser } from './analysis/sessionAnalyser.ts';
import { registerWriteAudit } from './audit/requestAudit.ts';
import type { AppDeps } from './deps.ts';
import { accountRoutes } from './features/account/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
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
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(deps.config.logLevel, options.logStream),
    // A hop count means: believe the nearest N proxies, i.e. take the address the Nth one saw (proxy-addr's rule).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Session file names are {SessionID}_{SubSessionID}.{format}: two UUIDs and a long format name (docs/spec.md §7).
    routerOptions: { maxParamLength: 256 },
  });
  app.setValidatorCompiler(validatorCompiler);
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
  await app.register(reportRoutes(withStorage));
  await app.register(exportRoutes(withStorage));

  if (options.serveClient !== false) await registerStaticClient(app, deps.config.clientDir);
  return app;
}
