import { USER_TYPES } from '#shared/auth/userTypes';

/** The page the server sends for GET /{userType}/sessions when the build wrote it (staticClient.ts). */
export const SESSIONS_PAGE_FILE = 'sessions.html';

/** The addresses that get SESSIONS_PAGE_FILE: the session browser of each role. */
export const SESSIONS_PAGE_PATHS: readonly string[] = USER_TYPES.map((type) => `/${type}/sessions`);

/**
 * index.html with the chunks of one route preloaded beside the entry's own. Without them the browser learns of the
 * route's ~30 chunks only once the entry has arrived and run and the router has asked for the route: on a phone on
 * a slow network that is a second and a half of idle connections before the screen's code starts to download.
 * Scripts as `modulepreload` (fetched and parsed, run only when imported, so nothing runs out of order); the
 * route's stylesheets as `preload` (applied when the route imports them, so nothing blocks the first paint).
 */
export function withRoutePreloads(indexHtml: string, scripts: readonly string[], styles: readonly string[]): string {
  const entry = /<script type="module"[^>]*><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no module script to preload the route beside');
  // Whatever index.html already preloads or links (the entry's modules, the app's stylesheet) is left as it is.
  const linked = new Set(
    [...indexHtml.matchAll(/<link rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  );
  const fresh = (href: string) => !linked.has(href);
  const links = [
    ...scripts.filter(fresh).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...styles.filter(fresh).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ];
  // After the entry's own preloads, so the entry's modules are asked for first.
  const lastPreload = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*>/g)].at(-1);
  const at = lastPreload ? lastPreload.index + lastPreload[0].length : entry.index + entry[0].length;
  return `${indexHtml.slice(0, at)}\n    ${links.join('\n    ')}${indexHtml.slice(at)}`;
}
