// @ts-check
/**
 * npm's `prepare` step (run by `npm install` and `npm ci`): points git at the repository's own hooks in .ci/hooks
 * (core.hooksPath, relative, so that every worktree of the clone uses its own checkout's hooks). It never fails an
 * install: without git, outside a work tree (a tarball), inside another project's repository, or where the clone
 * already names other hooks, it leaves git as it is.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import process from 'node:process';

const HOOKS = '.ci/hooks';

/**
 * git's answer, or undefined when git is missing or says no.
 * @param {string[]} args
 */
function git(args) {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** What was done, for the install's log; undefined when there is nothing worth saying. */
function install() {
  if (git(['rev-parse', '--is-inside-work-tree']) !== 'true') return undefined;
  const top = git(['rev-parse', '--show-toplevel']);
  // The package inside someone else's repository: its hooks are not ours to set.
  if (top === undefined || realpathSync(top) !== realpathSync(process.cwd())) return undefined;
  const current = git(['config', '--get', 'core.hooksPath']);
  if (current === HOOKS) return undefined;
  if (current !== undefined && current !== '') {
    return `git hooks: core.hooksPath is ${current}; left as it is (this repository's hooks are in ${HOOKS})`;
  }
  if (git(['config', 'core.hooksPath', HOOKS]) === undefined) return undefined;
  return `git hooks: core.hooksPath set to ${HOOKS} (commit subjects of at most 72 characters)`;
}

try {
  const note = install();
  if (note !== undefined) process.stdout.write(`${note}\n`);
} catch {
  // An install goes on whatever git says.
}
