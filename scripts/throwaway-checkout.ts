import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * For the tests of the lint scripts (check-imports, check-paths): a throwaway checkout holding
 * just the given files, which `scripts/<scriptName>` checks as `npm run lint` checks ours. The
 * script takes the checkout's folder from `rootVariable`; each checkout goes after its test.
 */
export function throwawayCheckouts(scriptName: string, rootVariable: string) {
  const script = path.resolve(import.meta.dirname, scriptName);
  let checkout: string | undefined;
  afterEach(() => {
    if (checkout) rmSync(checkout, { recursive: true, force: true });
    checkout = undefined;
  });
  return function check(files: Record<string, string>) {
    checkout = mkdtempSync(path.join(tmpdir(), `${path.basename(script, '.mjs')}-`));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.join(checkout, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(checkout, file), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: checkout });
    const run = spawnSync('node', [script], {
      env: { ...process.env, [rootVariable]: checkout },
      encoding: 'utf8',
    });
    return { status: run.status, output: run.stdout + run.stderr };
  };
}
