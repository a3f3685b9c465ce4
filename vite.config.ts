import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, transformWithOxc, type Plugin, type Rolldown } from 'vite';

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the server (@fastify/static
 * with `preCompressed`) sends compressed files without compressing on each request. A variant
 * that would not be smaller is left out; the server then sends the plain file.
 */
function precompress(): Plugin {
  return {
    name: 'og-precompress',
    apply: 'build',
    async writeBundle(outputOptions) {
      if (!outputOptions.dir) return;
      const files = (await filesUnder(outputOptions.dir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Writes `sw.js`, the service worker (src/web/service-worker/sw.ts, decision 0032), with the
 * files it keeps for offline: index.html, the first page's script with what it imports and
 * their styles, and the public files (icons, manifest). Its VERSION is a hash of all of them
 * and of the worker itself, so a build that changes nothing makes the same worker (browsers
 * install nothing new) and any other makes a new one.
 */
function serviceWorker(): Plugin {
  const source = path.resolve('src/web/service-worker/sw.ts');
  const publicDir = path.resolve('src/web/public');
  return {
    name: 'og-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('service worker: the build has no entry chunk');
      const shellFiles = new Set<string>();
      const visit = (chunk: Rolldown.OutputChunk) => {
        if (shellFiles.has(chunk.fileName)) return;
        shellFiles.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shellFiles.add(css);
        for (const name of chunk.imports) {
          const imported = bundle[name];
          if (imported?.type === 'chunk') visit(imported);
        }
      };
      visit(entry);
      const publicFiles = (await filesUnder(publicDir)).map((file) =>
        path.relative(publicDir, file).split(path.sep).join('/'),
      );
      const precache = [
        '/index.html',
        ...[...shellFiles].sort().map((file) => `/${file}`),
        ...publicFiles.sort().map((file) => `/${file}`),
      ];
      const code = await readFile(source, 'utf8');
      const version = createHash('sha256').update(code).update(precache.join('\n'));
      for (const file of publicFiles) version.update(await readFile(path.join(publicDir, file)));
      const compiled = await transformWithOxc(code, source, { lang: 'ts' });
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source:
          `const VERSION = ${JSON.stringify(version.digest('hex').slice(0, 16))};\n` +
          `const PRECACHE = ${JSON.stringify(precache)};\n` +
          compiled.code,
      });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), serviceWorker(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // No source maps in what the site serves: they would hand anyone our sources, comments
    // and all (the server refuses *.map files besides).
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file (not ten that the bundler would cut
          // out as shared with the lazily loaded pages): one request on slow connections.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // What a student browsing alumni needs (the list, a profile and their parts),
            // in one file instead of eight small ones.
            {
              name: 'mentors',
              test: /src[\\/]web[\\/]features[\\/]mentors[\\/](mentors-list-page|mentor-detail-page)\.tsx$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/_dev': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
