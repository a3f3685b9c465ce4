import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * docs/DEPLOY.md read by the tests that follow it: its code blocks as written, so that a
 * command changed on the page is the command the operations suite runs.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function deployDoc() {
  return readFileSync(path.join(REPO_ROOT, 'docs/DEPLOY.md'), 'utf8');
}

/**
 * The code blocks of one language under a heading (up to the next heading of the same or a
 * higher level), in order.
 */
export function blocksUnder(heading: string, language: string): string[] {
  const doc = deployDoc();
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/DEPLOY.md has no heading "${heading}"`);
  const level = /^#+/.exec(heading)![0].length;
  const rest = doc.slice(start + heading.length + 2);
  const next = new RegExp(`^#{1,${level}} `, 'm').exec(
    rest.replace(/```[\s\S]*?```/g, (b) => b.replace(/#/g, ' ')),
  );
  const section = next ? rest.slice(0, next.index) : rest;
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map(
    (match) => match[1]!,
  );
}

/**
 * The guide's systemd unit (docs/DEPLOY.md, "## systemd"): the directory a process runs in,
 * its command and its environment, with /srv/og-connect and /usr/bin/node put where the test
 * has them.
 */
export function unitFromDeployDoc(root: string) {
  const [unit] = blocksUnder('## systemd', 'ini');
  if (!unit) throw new Error('docs/DEPLOY.md has no unit under "## systemd"');
  const values = (key: string) =>
    [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!);
  const local = (text: string) =>
    text.replaceAll('/srv/og-connect', root).replace(/^\/usr\/bin\/node$/, process.execPath);
  const [workingDirectory] = values('WorkingDirectory');
  const [execStart] = values('ExecStart');
  if (!workingDirectory || !execStart)
    throw new Error('the unit has no WorkingDirectory/ExecStart');
  return {
    cwd: local(workingDirectory),
    argv: execStart.split(/\s+/).map(local),
    env: Object.fromEntries(
      values('Environment')
        .map((assignment) => assignment.split('=', 2) as [string, string])
        .filter(([name]) => name !== 'PORT'),
    ),
  };
}

/**
 * What the test's restart command does for one port, as systemd does for the unit: stop the
 * process (SIGTERM, then wait for it to exit) and start the unit's command in its directory.
 */
export const RESTART_HELPER = `
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
const [root, port] = process.argv.slice(2);
const pidFile = root + '/pids/' + port;
const alive = (pid) => {
  try {
    return !readFileSync('/proc/' + pid + '/stat', 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return false;
  }
};
if (existsSync(pidFile)) {
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (alive(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 30000;
    while (alive(pid)) {
      if (Date.now() > deadline) process.kill(pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
const log = openSync(root + '/logs/' + port + '.log', 'a');
const unit = JSON.parse(readFileSync(root + '/unit.json', 'utf8'));
const child = spawn(unit.argv[0], unit.argv.slice(1), {
  cwd: unit.cwd,
  env: { ...unit.env, PORT: port },
  detached: true,
  stdio: ['ignore', log, log],
});
writeFileSync(pidFile, String(child.pid));
child.unref();
`;
