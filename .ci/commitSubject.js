// @ts-check
/**
 * Commit subjects of at most 72 characters, so that `git log --oneline` and every list of commits shows them whole;
 * the why goes in the body, after a blank line. Two ways in:
 * - `node .ci/commitSubject.js <message file>`: the commit-msg hook (.ci/hooks/commit-msg, which `npm install` sets
 *   up through .ci/installHooks.js) refuses a commit whose subject is longer;
 * - `node .ci/commitSubject.js --history [base]`: `npm run lint` checks the last commits on HEAD since `base`.
 * tests/lint/commitSubject.test.ts proves that both refuse a subject one character too long.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import process from 'node:process';

const SUBJECT_MAX = 72;
/** main's head when the rule came in: the commits before it keep the long subjects they were written with. */
const HISTORY_BASE = 'f5f9f36';
/** The history check reads at most this many commits, newest first. */
const HISTORY_COUNT = 20;
/** Commits that `git rebase --autosquash` folds into another: they repeat its subject after the prefix. */
const FOLDED = /^(fixup|squash|amend)! /;
/** `git commit --verbose` puts the diff below this line; nothing below it is the message. */
const SCISSORS = '# ------------------------ >8 ------------------------';

/**
 * The subject as git shows it (`%s`, `--oneline`): the first paragraph of the message, its lines joined by spaces.
 * The file the hook is given still holds git's comment lines (`#`), which git drops after the hook; so do we.
 * @param {string} message
 */
function subjectOf(message) {
  /** @type {string[]} */
  const lines = [];
  for (const line of message.split(/\r?\n/)) {
    if (line === SCISSORS) break;
    if (line.startsWith('#')) continue;
    if (line.trim() === '') {
      if (lines.length > 0) break;
      continue;
    }
    lines.push(line.trimEnd());
  }
  return lines.join(' ');
}

/**
 * Why a subject is refused, or undefined when it may stand. Characters are counted as a reader sees them (code
 * points), so an accented name or an em dash counts once.
 * @param {string} subject
 */
function subjectProblem(subject) {
  const characters = [...subject];
  if (characters.length <= SUBJECT_MAX || FOLDED.test(subject)) return undefined;
  return [
    `the commit subject is ${String(characters.length)} characters; at most ${String(SUBJECT_MAX)}, so that`,
    '`git log --oneline` shows it whole. Say what changed in the subject, and why in the body after a blank line.',
    `  ${characters.slice(0, SUBJECT_MAX).join('')}`,
    `  ${' '.repeat(SUBJECT_MAX)}${characters.slice(SUBJECT_MAX).join('')}  <- past ${String(SUBJECT_MAX)}`,
  ].join('\n');
}

/**
 * git's answer, or undefined when git is missing or says no (not a repository, an unknown commit).
 * @param {string[]} args
 */
function git(args) {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The last HISTORY_COUNT commits on HEAD after `base`: those whose subjects are too long. Where the history cannot
 * say which commits came after `base` (no git, a tarball, a shallow clone without it), nothing is checked.
 * @param {string} base
 * @returns {{ skipped: string } | { checked: number, refused: string[] }}
 */
function historyProblems(base) {
  if (git(['rev-parse', '--is-inside-work-tree']) !== 'true') return { skipped: 'not in a git work tree' };
  if (git(['cat-file', '-e', `${base}^{commit}`]) === undefined) {
    return { skipped: `commit ${base} is not in this clone (a shallow one?)` };
  }
  if (git(['merge-base', '--is-ancestor', base, 'HEAD']) === undefined) {
    return { skipped: `HEAD does not descend from ${base}` };
  }
  const log = git(['log', `--max-count=${String(HISTORY_COUNT)}`, '--format=%h %s', `${base}..HEAD`]);
  if (log === undefined) return { skipped: 'git log failed' };
  const commits = log === '' ? [] : log.split('\n');
  const refused = commits.filter((line) => subjectProblem(line.slice(line.indexOf(' ') + 1)) !== undefined);
  return { checked: commits.length, refused };
}

const [first, second] = process.argv.slice(2);
if (first === '--history') {
  const base = second ?? HISTORY_BASE;
  const result = historyProblems(base);
  if ('skipped' in result) {
    process.stdout.write(`Commit subjects not checked: ${result.skipped}.\n`);
  } else if (result.refused.length > 0) {
    process.stderr.write(
      `Commit subjects over ${String(SUBJECT_MAX)} characters since ${base} (reword them with git rebase -i):\n` +
        result.refused.map((line) => `  ${line}\n`).join(''),
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(
      `Commit subjects: the last ${String(result.checked)} since ${base} are at most ${String(SUBJECT_MAX)} characters.\n`,
    );
  }
} else if (first !== undefined) {
  const problem = subjectProblem(subjectOf(readFileSync(first, 'utf8')));
  if (problem !== undefined) {
    process.stderr.write(`Commit refused: ${problem}\n(Your message is kept in ${first}.)\n`);
    process.exitCode = 1;
  }
} else {
  process.stderr.write('usage: node .ci/commitSubject.js <commit message file> | --history [base commit]\n');
  process.exitCode = 2;
}
