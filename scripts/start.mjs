// `npm start`: builds the web app if dist/web is missing, then runs the server (TypeScript
// through tsx) in a child process. Signals are forwarded; exits with the server's code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot as root, runServer } from './run-server.mjs';

if (!existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('dist/web/index.html is missing: building the web app (npx vite build)');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.error) {
    console.error(build.error);
    process.exit(1);
  }
  if (build.status !== 0) process.exit(build.status ?? 1);
}

runServer(process.env);
