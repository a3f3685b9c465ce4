// `npm start`: builds the web app if dist/web is missing and the server bundle if it is missing
// or older than its sources, then runs the server in a child process. Signals are forwarded;
// exits with the server's code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, serverBundle } from './build-server.mjs';
import { repoRoot as root, runServer } from './run-server.mjs';

/** The newest modification time of the files under `dirs` (recursively). */
function newestChange(dirs) {
  let newest = 0;
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return newest;
}

if (!existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('dist/web/index.html is missing: building the web app (npx vite build)');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.error) {
    console.error(build.error);
    process.exit(1);
  }
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const sources = ['src/server', 'src/shared'].map((dir) => path.join(root, dir));
if (!existsSync(serverBundle) || statSync(serverBundle).mtimeMs < newestChange(sources)) {
  console.log('building the server (dist/server)');
  await buildServer();
}

runServer(process.env);
