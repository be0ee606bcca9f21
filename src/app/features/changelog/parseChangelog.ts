/** One release as the changelog page shows it (docs/spec.md §1: a version with a date, Changes and Bugfixes). */
export type Release = { version: string; date: string; changes: string[]; bugfixes: string[] };

const RELEASE = /^## (\S+) — (\d{4}-\d{2}-\d{2})$/;
const SECTION = /^### (Changes|Bugfixes)$/;

/**
 * Reads CHANGELOG.md ('## 0.6.0 — 2026-11-23', '### Changes', '### Bugfixes', '- ' items that may wrap onto
 * indented lines). Anything else (the title, the introduction) is not a release. Inline code marks are dropped:
 * the page shows plain text.
 */
export function parseChangelog(markdown: string): Release[] {
  const releases: Release[] = [];
  let section: string[] | null = null;
  for (const line of markdown.split('\n')) {
    const release = RELEASE.exec(line);
    if (release) {
      releases.push({ version: release[1] ?? '', date: release[2] ?? '', changes: [], bugfixes: [] });
      section = null;
      continue;
    }
    const current = releases.at(-1);
    const heading = SECTION.exec(line);
    if (current && heading) {
      section = heading[1] === 'Changes' ? current.changes : current.bugfixes;
      continue;
    }
    if (!section) continue;
    if (line.startsWith('- ')) section.push(line.slice(2).trim());
    else if (line.startsWith('  ') && section.length > 0) section[section.length - 1] += ` ${line.trim()}`;
  }
  return releases.map((r) => ({ ...r, changes: r.changes.map(plain), bugfixes: r.bugfixes.map(plain) }));
}

const plain = (item: string) => item.replaceAll('`', '');
