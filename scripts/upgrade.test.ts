import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/upgrade.sh around stand-in processes: tiny HTTP servers answering /healthz, and a
 * restart command that only writes down which port it was asked to restart. The real
 * processes and a probe are in src/server/test/operations/upgrade.test.ts.
 */
const script = path.resolve(import.meta.dirname, 'upgrade.sh');
let root: string | undefined;
const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A built release under ROOT/releases, its assets named, modified `age` seconds ago. */
function release(name: string, assets: string[] = [], age = 0) {
  const dir = path.join(root!, 'releases', name);
  mkdirSync(path.join(dir, 'dist/server'), { recursive: true });
  mkdirSync(path.join(dir, 'dist/web/assets'), { recursive: true });
  writeFileSync(path.join(dir, 'dist/server/main.mjs'), '');
  writeFileSync(path.join(dir, 'dist/web/index.html'), name);
  for (const asset of assets) writeFileSync(path.join(dir, 'dist/web/assets', asset), name);
  const when = Date.now() / 1000 - age;
  utimesSync(dir, when, when);
  return dir;
}

/** A stand-in process: answers GET /healthz 200 on a port of its own. */
async function healthyProcess(): Promise<number> {
  const server = http.createServer((_request, response) => response.end('{"status":"ok"}'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: a process that never became ready. */
async function deadPort(): Promise<number> {
  const port = await healthyProcess();
  await new Promise((resolve) => servers.pop()!.close(resolve));
  return port;
}

function upgrade(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'bash',
      [script, ...args],
      {
        env: {
          PATH: process.env.PATH,
          OG_ROOT: root,
          OG_RESTART: `echo {port} >> ${root}/restarted`,
          OG_READY_SECONDS: '1',
          ...env,
        },
      },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const restarted = () =>
  existsSync(`${root}/restarted`)
    ? readFileSync(`${root}/restarted`, 'utf8').trim().split('\n')
    : [];
const current = () => readlinkSync(path.join(root!, 'current'));

describe('scripts/upgrade.sh', () => {
  it('switches current, restarts each port in turn once it answers, keeps old assets and the last releases', async () => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), 'og-upgrade-')));
    release('r1', ['old-a1.js'], 300);
    release('r2', ['old-a2.js', 'both-b.js'], 200);
    const r3 = release('r3', ['new-a3.js', 'both-b.js'], 100);
    symlinkSync(path.join(root, 'releases/r2'), path.join(root, 'current'));
    const [first, second] = [await healthyProcess(), await healthyProcess()];

    const result = await upgrade(['--no-build', r3, String(first), String(second)], {
      OG_KEEP_RELEASES: '2',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(current()).toBe(r3);
    expect(restarted()).toEqual([String(first), String(second)]);
    // The running release's assets are carried; the new build's own are not overwritten.
    const assets = path.join(r3, 'dist/web/assets');
    expect(readFileSync(path.join(assets, 'old-a2.js'), 'utf8')).toBe('r2');
    expect(readFileSync(path.join(assets, 'both-b.js'), 'utf8')).toBe('r3');
    expect(existsSync(path.join(assets, 'old-a1.js'))).toBe(false);
    // Two kept: the new one and the one to roll back to.
    expect(existsSync(path.join(root, 'releases/r2'))).toBe(true);
    expect(existsSync(path.join(root, 'releases/r1'))).toBe(false);
    expect(existsSync(path.join(root, 'current.new'))).toBe(false);
  });

  it('stops at a process that does not become ready, leaving the next on the old release', async () => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), 'og-upgrade-')));
    release('r1');
    const r2 = release('r2');
    symlinkSync(path.join(root, 'releases/r1'), path.join(root, 'current'));
    const [dead, healthy] = [await deadPort(), await healthyProcess()];

    const result = await upgrade(['--no-build', r2, String(dead), String(healthy)]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `the process on port ${dead} did not answer GET /healthz 200 within 1 s`,
    );
    expect(result.stderr).toContain(`not restarted (still the old release): ${healthy}`);
    expect(result.stderr).toContain(`--no-build ${path.join(root, 'releases/r1')}`);
    // The next process was never touched.
    expect(restarted()).toEqual([String(dead)]);
    expect(existsSync(path.join(root, 'releases/r1'))).toBe(true);
  });

  it('refuses to build into the running release, a failed build and a release never built', async () => {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), 'og-upgrade-')));
    const r1 = release('r1');
    symlinkSync(r1, path.join(root, 'current'));
    const running = await upgrade([r1, '3000'], { OG_BUILD: 'echo built > built' });
    expect(running.status).toBe(1);
    expect(running.stderr).toContain('is the running release');
    expect(existsSync(path.join(r1, 'built'))).toBe(false);

    const broken = path.join(root, 'releases/broken');
    mkdirSync(broken);
    const failed = await upgrade([broken, '3000'], { OG_BUILD: 'exit 3' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('the build failed');

    const unbuilt = path.join(root, 'releases/r2');
    mkdirSync(unbuilt);
    const result = await upgrade(['--no-build', unbuilt, '3000']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('has no build');
    expect(current()).toBe(r1);
    expect(restarted()).toEqual([]);
  });
});

describe('the guide (docs/DEPLOY.md)', () => {
  const doc = readFileSync(path.resolve(import.meta.dirname, '../docs/DEPLOY.md'), 'utf8');
  const section = (title: string) => doc.slice(doc.indexOf(title)).split('\n## ')[0]!;

  it('upgrades and rolls back with this script, on the ports and unit it sets up', () => {
    const upgrades = section('## Upgrades');
    expect(upgrades).toContain('"$release"/scripts/upgrade.sh "$release" 3000 3001');
    expect(upgrades).toMatch(
      /scripts\/upgrade\.sh --no-build \/srv\/og-connect\/releases\/\S+ 3000 3001/,
    );
    const script = readFileSync(path.resolve(import.meta.dirname, 'upgrade.sh'), 'utf8');
    expect(script).toContain("default_restart='systemctl restart og-connect@{port}'");
    expect(script).toContain('OG_ROOT="${OG_ROOT:-/srv/og-connect}"');
    expect(section('## systemd')).toContain('og-connect@.service');
    expect(doc).not.toMatch(/WorkingDirectory=\/srv\/og-connect\n/);
  });
});
