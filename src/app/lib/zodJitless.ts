/**
 * zod compiles a fast parser with `new Function` unless told not to, and probes for it as soon as the first object
 * schema is built. The app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses it, and the refusal
 * is reported as a `securitypolicyviolation` even though zod catches it. zod reads its settings from this global when
 * its first module loads (zod/v4/core/core.js), so setting it here, before any chunk with zod is evaluated, keeps it
 * on its interpreted parser everywhere in the app without putting zod in the login page's bundle.
 */
const global = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true };
