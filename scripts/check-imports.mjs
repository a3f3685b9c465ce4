// `npm run lint` (after ESLint): imports run one way. Fails on
// - an import circle between files (type-only imports included), anywhere in src;
// - a circle between rooms: a server feature folder (src/server/<feature>), a web feature
//   (src/web/features/<feature>), a web room (src/web/app, components, lib, api, …), shared,
//   or a file directly under src/server. Tests are left out of this second check (they import
//   their feature and the test support both).
// - a feature reached other than through its surface. A feature is a folder of src/server
//   (below admin/, each sub-feature) other than the building blocks (db, http, mail, outbox,
//   outbox-engine, lib, credentials, test), or a folder of src/web/features. On the server another room (app.ts,
//   another feature, a parent composing its sub-features) imports a feature only through its
//   `index.ts`, which names what the feature offers; on the web another feature imports only
//   `api`, `<topic>-api` and `index` (what other screens embed, e.g. a form). A sub-feature may
//   import its parent's modules (admin/users → admin/access). Tests are left out.
// - a building block that imports a feature: db, http, mail, outbox, lib, credentials and the files
//   under src/server that every feature is built from (config, context, errors) stand below
//   every feature, so a feature can change without moving them.
// - a relative path, in an import or in a test's vi.mock/vi.importActual, that names no file.
// Paths are read as TypeScript reads them (ts.resolveModuleName with the file's tsconfig.json):
// `./x.js` is x.ts or x.tsx, `./x.mjs` x.mts, `./x/` and `./x` x/index.ts, the tsconfig's paths
// followed; every form of import (type-only, `export … from`, import(), require(), a bare
// `import './x'`, a type's `import('./x')`). A path it could not read used to pass unseen.
// Why a script and not an ESLint plugin: eslint-plugin-import-x resolves through native
// bindings this machine's npm registry does not carry for every platform (npm ci then refuses
// the lock file), and dependency-cruiser needs Node 22 (docs/decisions/0010).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';

// CHECK_IMPORTS_ROOT: another checkout to check (the script's own test gives it a small one).
const root =
  process.env.CHECK_IMPORTS_ROOT ??
  path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tracked = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'src'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file !== '');
const files = tracked.filter((file) => /\.(ts|tsx|mts|cts)$/.test(file));
const known = new Set(files);
const everyFile = new Set(tracked);

// The compiler options each file is built with: its nearest tsconfig.json (the service worker
// has its own), or, in a checkout without one, the options ours sets for finding modules.
const DEFAULT_OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  resolveJsonModule: true,
};
const projects = new Map();
/** The options a file is built with and a resolution cache for them. */
function projectOf(absoluteFile) {
  const found = ts.findConfigFile(path.dirname(absoluteFile), ts.sys.fileExists);
  const config = found && !path.relative(root, found).startsWith('..') ? found : undefined;
  if (!projects.has(config)) {
    const options = config ? optionsIn(config) : DEFAULT_OPTIONS;
    projects.set(config, {
      options,
      cache: ts.createModuleResolutionCache(root, (name) => name, options),
    });
  }
  return projects.get(config);
}
/** A tsconfig.json's options, as tsc reads it (comments, `extends`). */
function optionsIn(config) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  return parsed.options;
}

// The paths a test hands to Vitest's module mocking: not imports, but a path naming no file
// mocks nothing, silently.
const VI_MODULE_CALLS = new Set([
  'mock',
  'doMock',
  'unmock',
  'doUnmock',
  'importActual',
  'importMock',
]);
function viModulePaths(file, text) {
  if (!/\bvi\.\w+\(/.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'vi' &&
      VI_MODULE_CALLS.has(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The checkout's file a module specifier names, as TypeScript finds it (`./x.js` → x.ts,
 * `./x/` → x/index.ts, `.mjs` → `.mts`, the tsconfig's paths), or undefined for a package or
 * a file that is not TypeScript; `unresolved` when a relative path names nothing at all.
 */
function resolve(from, specifier) {
  const absolute = path.join(root, from);
  const { options, cache } = projectOf(absolute);
  const { resolvedModule } = ts.resolveModuleName(specifier, absolute, options, ts.sys, cache);
  if (resolvedModule && !resolvedModule.isExternalLibraryImport) {
    const target = path.relative(root, resolvedModule.resolvedFileName).split(path.sep).join('/');
    return known.has(target) ? target : undefined;
  }
  if (resolvedModule || !/^\.\.?(\/|$)/.test(specifier)) return undefined;
  // A stylesheet or an image (`./admin.css`, Vite's `./icon.svg?url`) is a file, not a module.
  const file = path.posix.normalize(
    path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, '')),
  );
  return everyFile.has(file) ? undefined : 'unresolved';
}

const imports = new Map();
const unresolved = [];
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [
    ...ts.preProcessFile(text, true, true).importedFiles.map((entry) => entry.fileName),
    ...viModulePaths(file, text),
  ];
  const targets = [];
  for (const specifier of specifiers) {
    const target = resolve(file, specifier);
    if (target === 'unresolved') unresolved.push(`${file} names '${specifier}', which is no file`);
    else if (target) targets.push(target);
  }
  imports.set(file, targets);
}

/** Strongly connected components with more than one member (Tarjan). */
function circles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(node) {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

function roomOf(file) {
  const parts = file.split('/');
  if (parts[1] === 'server') return parts.length > 3 ? `server/${parts[2]}` : file;
  if (parts[1] === 'web') {
    if (parts[2] === 'features' && parts.length > 4) return `web/features/${parts[3]}`;
    return parts.length > 3 ? `web/${parts[2]}` : file;
  }
  return parts[1];
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || /\/test\//.test(file);
const rooms = new Map();
for (const [file, targets] of imports) {
  if (isTest(file)) continue;
  const from = roomOf(file);
  if (!rooms.has(from)) rooms.set(from, new Set());
  for (const target of targets) {
    const to = roomOf(target);
    if (to !== from && !isTest(target)) rooms.get(from).add(to);
  }
}

const SERVER_BLOCKS = new Set([
  'db',
  'http',
  'mail',
  'outbox',
  'outbox-engine',
  'lib',
  'credentials',
  'test',
]);
const SERVER_BLOCK_FILES = new Set(['config.ts', 'context.ts', 'errors.ts', 'startup-warnings.ts']);

/** The feature a file belongs to (`server/admin/users`, `web/visits`), or undefined. */
function featureOf(file) {
  const parts = file.split('/');
  if (parts[1] === 'server' && parts.length > 3 && !SERVER_BLOCKS.has(parts[2])) {
    return parts[2] === 'admin' && parts.length > 4
      ? `server/admin/${parts[3]}`
      : `server/${parts[2]}`;
  }
  if (parts[1] === 'web' && parts[2] === 'features' && parts.length > 4) return `web/${parts[3]}`;
  return undefined;
}

const PUBLIC_MODULE = {
  server: /^index\.ts$/,
  web: /^(api|[a-z-]+-api|index)\.tsx?$/,
};

function crossFeatureProblems() {
  const found = [];
  for (const [file, targets] of imports) {
    // app.ts and the other files directly under src/server use features through their surface
    // too; the web's app shell composes pages, so there only features are held to it.
    const from = featureOf(file) ?? (file.startsWith('src/server/') ? file : undefined);
    if (!from || isTest(file)) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (!to || to === from || from.startsWith(`${to}/`)) continue;
      const side = to.split('/')[0];
      const surface =
        side === 'server'
          ? target === `src/${to}/index.ts`
          : PUBLIC_MODULE.web.test(path.basename(target));
      if (!surface) {
        found.push(
          side === 'server'
            ? `${file} imports ${target}, inside the feature ${to}: import its index.ts`
            : `${file} imports ${target}, inside the feature ${to}: import its public modules`,
        );
      }
    }
  }
  return found;
}

/** A building block (db, http, mail, …, config, context, errors) importing a feature. */
function blockProblems() {
  const found = [];
  for (const [file, targets] of imports) {
    const parts = file.split('/');
    if (parts[1] !== 'server' || isTest(file)) continue;
    const isBlock =
      parts.length === 3 ? SERVER_BLOCK_FILES.has(parts[2]) : SERVER_BLOCKS.has(parts[2]);
    if (!isBlock) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (to) found.push(`${file} imports ${target}: a building block imports no feature (${to})`);
    }
  }
  return found;
}

const problems = [
  ...unresolved,
  ...circles(imports).map((members) => `import circle between files: ${members.join(' → ')}`),
  ...circles(rooms).map((members) => `import circle between rooms: ${members.join(' → ')}`),
  ...crossFeatureProblems(),
  ...blockProblems(),
];
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(
  `check-imports: ${files.length} files, ${rooms.size} rooms, no import circle, every feature reached through its surface, no building block above a feature`,
);
