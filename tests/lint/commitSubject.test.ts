import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The commit-subject rule is proved able to fail: the hook git runs (.ci/hooks/commit-msg) and the history check of
 * `npm run lint` (.ci/commitSubject.js --history) refuse a subject of 73 characters and let one of 72 through, and
 * the installer `npm install` runs (.ci/installHooks.js) sets git up without ever failing. Everything runs in
 * throwaway repositories; this clone's own configuration is never touched.
 */
const CI = path.resolve('.ci');
const HOOKS = path.join(CI, 'hooks');
const HOOK = path.join(HOOKS, 'commit-msg');
const CHECK = path.join(CI, 'commitSubject.js');
const INSTALL = path.join(CI, 'installHooks.js');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'commit-subject-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * A git environment of its own: no GIT_DIR of a hook that runs these tests, no user's config, a fixed author, and
 * no looking for a repository above the throwaway folder.
 */
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_'))),
  GIT_CEILING_DIRECTORIES: tmp,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.org',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.org',
};

const run = (command: string, args: string[], cwd: string) => spawnSync(command, args, { cwd, env, encoding: 'utf8' });
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();

let repos = 0;
/** A new repository with one commit whose subject is `subject`. */
function repository(subject = 'Start'): string {
  const dir = path.join(tmp, `repo-${String((repos += 1))}`);
  git(tmp, 'init', '-q', '-b', 'main', dir);
  git(dir, 'commit', '-q', '--allow-empty', '-m', subject);
  return dir;
}
const commit = (dir: string, message: string) => git(dir, 'commit', '-q', '--allow-empty', '-m', message);

/** A subject of exactly `length` characters. */
const subjectOf = (length: number) => 'Subject '.padEnd(length, 'x');

let messages = 0;
/** The hook run on a message file, as git runs it. */
function hook(message: string) {
  const file = path.join(tmp, `message-${String((messages += 1))}`);
  writeFileSync(file, message);
  return run(HOOK, [file], tmp);
}

describe('the commit-msg hook', () => {
  it('refuses a subject of 73 characters and says why', () => {
    const refused = hook(`${subjectOf(73)}\n\nThe why.\n`);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the commit subject is 73 characters; at most 72');
  });

  it('lets a subject of 72 characters through', () => {
    expect(hook(`${subjectOf(72)}\n\nThe why.\n`).status).toBe(0);
  });

  it('counts the subject as git shows it: comments dropped, the first paragraph joined', () => {
    const template = `# ${'a comment line longer than any subject '.repeat(3)}\n${subjectOf(72)}\n# ${'x'.repeat(80)}\n`;
    expect(hook(template).status).toBe(0);
    expect(hook(`${subjectOf(40)}\n${subjectOf(40)}\n\nbody\n`).status).toBe(1);
    expect(hook(`\n\n${subjectOf(73)}\n`).status).toBe(1);
  });

  it('counts characters, not bytes', () => {
    expect(hook(`${'é'.repeat(72)}\n`).status).toBe(0);
  });

  it("lets fixup!, squash! and amend! commits through, and a merge's default subject of 72 or fewer", () => {
    for (const prefix of ['fixup! ', 'squash! ', 'amend! ']) expect(hook(`${prefix}${subjectOf(72)}\n`).status).toBe(0);
    expect(hook("Merge branch 's41-docs' into main\n").status).toBe(0);
    expect(hook(`Merge branch '${'b'.repeat(60)}'\n`).status).toBe(1);
  });

  it('stops a real commit through core.hooksPath', () => {
    const dir = repository();
    const attempt = (subject: string) =>
      run('git', ['-c', `core.hooksPath=${HOOKS}`, 'commit', '--allow-empty', '-q', '-m', subject], dir);
    expect(attempt(subjectOf(73)).status).not.toBe(0);
    expect(git(dir, 'log', '--format=%s')).toBe('Start');
    expect(attempt(subjectOf(72)).status).toBe(0);
    expect(git(dir, 'log', '-1', '--format=%s')).toBe(subjectOf(72));
  });
});

describe('the history check of npm run lint', () => {
  const history = (dir: string, base: string) => run('node', [CHECK, '--history', base], dir);

  it('checks only the commits after the base, and refuses one of 73 characters', () => {
    const dir = repository(`A long subject from before the rule ${'x'.repeat(60)}`);
    const base = git(dir, 'rev-parse', 'HEAD');
    commit(dir, subjectOf(72));
    const passed = history(dir, base);
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('the last 1 since');
    commit(dir, subjectOf(73));
    const refused = history(dir, base);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(subjectOf(73));
    expect(refused.stderr).not.toContain(subjectOf(72) + '\n');
  });

  it('reads the last 20 commits at most', () => {
    const dir = repository();
    const base = git(dir, 'rev-parse', 'HEAD');
    commit(dir, subjectOf(73));
    for (let i = 0; i < 19; i += 1) commit(dir, `Short ${String(i)}`);
    expect(history(dir, base).status).toBe(1);
    commit(dir, 'Short 19');
    expect(history(dir, base).status).toBe(0);
  });

  it('skips, without failing, where the history cannot tell', () => {
    const dir = repository();
    const base = git(dir, 'rev-parse', 'HEAD');
    commit(dir, subjectOf(73));
    commit(dir, 'Short');
    const shallow = path.join(tmp, 'shallow');
    git(tmp, 'clone', '-q', '--depth', '1', `file://${dir}`, shallow);
    const inShallow = history(shallow, base);
    expect(inShallow.status).toBe(0);
    expect(inShallow.stdout).toContain('not checked');
    const noGit = path.join(tmp, 'no-git');
    mkdirSync(noGit);
    const outside = history(noGit, base);
    expect(outside.status).toBe(0);
    expect(outside.stdout).toContain('not checked: not in a git work tree');
  });
});

describe('the installer npm install runs', () => {
  const install = (cwd: string) => run('node', [INSTALL], cwd);
  const hooksPath = (dir: string) => run('git', ['config', '--get', 'core.hooksPath'], dir).stdout.trim();

  it('points a clone and its worktrees at .ci/hooks', () => {
    const dir = repository();
    expect(install(dir).status).toBe(0);
    expect(hooksPath(dir)).toBe('.ci/hooks');
    const worktree = path.join(tmp, 'worktree');
    git(dir, 'worktree', 'add', '-q', '-b', 'other', worktree);
    expect(install(worktree).status).toBe(0);
    expect(hooksPath(worktree)).toBe('.ci/hooks');
  });

  it('never fails, and leaves hooks set elsewhere and other repositories alone', () => {
    const noGit = path.join(tmp, 'tarball');
    mkdirSync(noGit);
    expect(install(noGit).status).toBe(0);

    const other = repository();
    git(other, 'config', 'core.hooksPath', '.husky');
    expect(install(other).stdout).toContain('left as it is');
    expect(hooksPath(other)).toBe('.husky');

    const outer = repository();
    const inner = path.join(outer, 'vendored');
    mkdirSync(inner);
    expect(install(inner).status).toBe(0);
    expect(hooksPath(outer)).toBe('');
  });
});
