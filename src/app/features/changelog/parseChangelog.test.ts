import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChangelog } from './parseChangelog.ts';

const changelog = readFileSync(new URL('../../../../CHANGELOG.md', import.meta.url), 'utf8');

describe('parseChangelog', () => {
  it('reads versions with their date, Changes and Bugfixes, items joined across wrapped lines', () => {
    const releases = parseChangelog(
      [
        '# Changelog',
        'Intro text.',
        '## 2.0.0 — 2026-02-01',
        '### Changes',
        '- A new `screen`, described over',
        '  two lines.',
        '- Another.',
        '### Bugfixes',
        '- A fix.',
        '## 1.0.0 — 2026-01-01',
        '### Changes',
        '- First release.',
      ].join('\n'),
    );
    expect(releases).toEqual([
      {
        version: '2.0.0',
        date: '2026-02-01',
        changes: ['A new screen, described over two lines.', 'Another.'],
        bugfixes: ['A fix.'],
      },
      { version: '1.0.0', date: '2026-01-01', changes: ['First release.'], bugfixes: [] },
    ]);
  });

  it("reads the product's own CHANGELOG.md: every version dated, newest first, with changes", () => {
    const releases = parseChangelog(changelog);
    expect(releases.length).toBeGreaterThanOrEqual(6);
    for (const release of releases) {
      expect(release.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(release.changes.length).toBeGreaterThan(0);
    }
    const dates = releases.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(releases.at(-1)?.version).toBe('0.1.0');
  });
});
