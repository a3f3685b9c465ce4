// `npm run lint` (after ESLint): imports run one way. Fails on
// - an import circle between files (type-only imports included), anywhere in src;
// - a circle between rooms: a server feature folder (src/server/<feature>), a web feature
//   (src/web/features/<feature>), a web room (src/web/app, components, lib, api, …), shared,
//   or a file directly under src/server. Tests are left out of this second check (they import
//   their feature and the test support both).
// Why a script and not an ESLint plugin: eslint-plugin-import-x resolves through native
// bindings this machine's npm registry does not carry for every platform (npm ci then refuses
// the lock file), and dependency-cruiser needs Node 22 (docs/decisions/0010).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'src'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file));
const known = new Set(files);

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.normalize(path.join(path.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

const imports = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(
    readFileSync(path.join(root, file), 'utf8'),
    true,
    true,
  );
  imports.set(
    file,
    importedFiles.map((entry) => resolve(file, entry.fileName)).filter((target) => target),
  );
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

const problems = [
  ...circles(imports).map((members) => `import circle between files: ${members.join(' → ')}`),
  ...circles(rooms).map((members) => `import circle between rooms: ${members.join(' → ')}`),
];
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`check-imports: ${files.length} files, ${rooms.size} rooms, no import circle`);
