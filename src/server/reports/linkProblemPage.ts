import { escapeHtml } from '#shared/reports/svgCharts';

/**
 * The page a report link answers when it can no longer show the report: a plain HTML page (a browser tab opened
 * it) that says why and offers the way back, rather than a JSON error. An expired link names the session browser
 * of the user it was made for, with the patient preselected when the report was about one patient.
 */
export type LinkProblem = { kind: 'expired'; lifetimeMinutes: number; again: string } | { kind: 'invalid' };

export function linkProblemPage(problem: LinkProblem): string {
  const [title, text, link, action] =
    problem.kind === 'expired'
      ? [
          'This report link has expired',
          `Report links stay valid for ${String(problem.lifetimeMinutes)} minutes after the report is made, because anyone who holds one can read it. Generate the report again from the session browser.`,
          problem.again,
          'Generate the report again',
        ]
      : [
          'This report link is not valid',
          'The link is incomplete or has been changed. Open the report again from the session browser.',
          '/login',
          'Go to the portal',
        ];
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f23;max-width:36rem;margin:15vh auto;padding:0 16px}` +
    `h1{font-size:22px}a{display:inline-block;margin-top:12px;padding:10px 16px;background:#0b5c7a;color:#fff;border-radius:6px;text-decoration:none}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></main></body></html>`
  );
}

/** The session browser of the user the report was made for, with its one patient preselected. */
export function sessionBrowserLink(role: string, patientIds: string): string {
  const patients = patientIds.split(',').filter((id) => id !== '');
  const base = `/${role}/sessions`;
  return patients.length === 1 ? `${base}?patient=${encodeURIComponent(patients[0] ?? '')}` : base;
}
