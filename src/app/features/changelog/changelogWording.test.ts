import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChangelog } from './parseChangelog.ts';

const changelog = readFileSync(new URL('../../../../CHANGELOG.md', import.meta.url), 'utf8');

/**
 * CHANGELOG.md is what the administrator reads at /admin/changelog: what changed for the product's users. How a
 * change was built or measured belongs in the commit message (issue 32 item 20), so the page must not speak of the
 * project's own machinery.
 */
const ENGINEERING_WORDS = [
  /\bbench(es|mark)?s?\b/i,
  /\bCPU\b/,
  /\bPATCH(es)?\b/,
  /\bA\/B\b/,
  /\b(unit|API|e2e|Playwright|property|scale) (test|suite|spec)s?\b/i,
  /\bspecs?\b/,
  /\bfixtures?\b/i,
  /\.tsx?\b/,
  /\b(ESLint|Prettier|Kysely|zod|Vitest|typed arrays?|event loop|serializer|garbage collection)\b/i,
  /\blockfile\b/i,
];

function engineeringWordsIn(text: string): string[] {
  return ENGINEERING_WORDS.flatMap((word) => word.exec(text)?.[0] ?? []);
}

describe("the changelog is written for the product's users", () => {
  it('names none of the engineering words in any item', () => {
    const found = parseChangelog(changelog).flatMap((release) =>
      [...release.changes, ...release.bugfixes].flatMap((item) =>
        engineeringWordsIn(item).map((word) => `${release.version}: "${word}" in ${item.slice(0, 60)}…`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('catches an engineering note planted in an item', () => {
    expect(engineeringWordsIn('Upload bench: tus as the app sends it, 37 PATCHes, 4.0 s of server CPU')).toEqual([
      'bench',
      'CPU',
      'PATCHes',
    ]);
  });
});
