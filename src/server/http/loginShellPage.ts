/** The page the server sends for GET /login when the build wrote it (staticClient.ts). */
export const LOGIN_PAGE_FILE = 'login.html';

/** Hides the shell's native radio inputs as react-aria hides its own; the label draws the radio. */
const SHELL_STYLE =
  '.shell-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0;padding:0}';

/**
 * The login page's first paint without waiting for the app: the choose-login card as static HTML inside the app
 * shell's root, which React replaces when it starts, and the app's stylesheet in the page instead of linked. On a
 * phone on a slow network the scripts take seconds to arrive and run, and the stylesheet shares the first round of
 * requests with twenty script preloads; the card shows as soon as the page has arrived. Its controls are disabled,
 * so nothing can be chosen or sent before the app that handles it runs.
 *
 * `stylesheets`: the linked stylesheets of index.html by their href, with their text.
 */
export function withLoginShell(indexHtml: string, shell: string, stylesheets: ReadonlyMap<string, string>): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no empty ${root} to put the login card in`);
  let html = indexHtml.replace(root, `<div id="root">${shell.trim()}</div>`);
  for (const [href, css] of stylesheets) {
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
    if (!link.test(html)) throw new Error(`index.html does not link ${href}`);
    // A function, so that '$' in the CSS is not read as a replacement pattern.
    html = html.replace(link, () => `<style>${css}</style>`);
  }
  return html.replace('</head>', () => `<style>${SHELL_STYLE}</style></head>`);
}
