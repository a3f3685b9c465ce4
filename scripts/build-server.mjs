// Bundles the server (src/server/main.ts and what it imports from src/) into
// dist/server/main.mjs, with the SQL migrations beside it; packages stay in node_modules.
// Production runs this file with plain node: no TypeScript compiler in the running process,
// which saves about 90 MB of memory and a second of start-up (docs/PERFORMANCE.md).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './run-server.mjs';

export const serverBundle = path.join(repoRoot, 'dist/server/main.mjs');

/**
 * esbuild's options for the bundle. No source map: the bundle is not minified (stack traces
 * name the functions, and it marks each source file), node runs it without one, and a map
 * beside it would be one more copy of our sources to keep out of reach.
 */
export const serverBuildOptions = {
  entryPoints: [path.join(repoRoot, 'src/server/main.ts')],
  outfile: serverBundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: false,
  logLevel: 'warning',
};

export async function buildServer() {
  // Loaded here, not with the module: `npm start` reads serverBundle from this file on every
  // start and builds only when the sources changed, and loading esbuild took 0.13 s of it.
  const { build } = await import('esbuild');
  const outDir = path.dirname(serverBundle);
  rmSync(outDir, { recursive: true, force: true });
  await build(serverBuildOptions);
  // db/client.ts finds the migrations next to itself: in the bundle, next to main.mjs.
  cpSync(path.join(repoRoot, 'src/server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`built ${path.relative(repoRoot, serverBundle)}`);
}
