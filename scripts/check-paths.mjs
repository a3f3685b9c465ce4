// `npm run lint` (after check-imports): no comment or document names a file that moved. Reads
// the comments of every .ts/.tsx/.mjs file and the whole of every .md file for references that
// start with src/, scripts/, docs/, e2e/ or bench/ and end with an extension (`docs/DEPLOY.md`)
// or a slash (`src/server/visits/`), and fails naming each one that is not in the checkout.
// A reference starting with ./ or ../ (a Markdown link) is read from its own file's folder.
// A shorter one, as comments write them (`db/pglite-statements.ts`, `lib/cache-events.ts`), is
// checked when its first folder is one of src/server, src/web, src/web/features, src/shared or
// of the naming file's own folders, and passes if the file is under any of them.
// Only the checkout's own files count (git ls-files, ignored files left out), so a clean clone
// gives the same answer as this one. Why comments only in code: a string naming a path is code,
// and a test that reads it fails on its own when the file moves.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';

// CHECK_PATHS_ROOT: another checkout to check (the script's own test gives it a small one).
const root =
  process.env.CHECK_PATHS_ROOT ??
  path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '');
const known = new Set(files);
const folders = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => `${parts.slice(0, index + 1).join('/')}/`),
  ),
);

// Not after a word, a dot, a slash or @ (a URL, /work/main/src/…, a package's own src/), except
// through a ./ or ../ prefix, which the match takes along.
const REFERENCE = /(?<![\w./@-])((?:\.{1,2}\/)*)((?:src|scripts|docs|e2e|bench)\/[\w./@-]*)/g;

// A short reference inside the code (`db/pglite-statements.ts`, `features/visits/api.ts`):
// a file name under a folder of one of these, or of the naming file's own folders.
const SHORT_REFERENCE = /(?<![\w./@-])((?:[a-z][\w-]*\/)+[\w.-]*\.(?:ts|tsx|mjs|sql|css|md))\b/g;
const SHORT_ROOTS = ['src/server/', 'src/web/', 'src/web/features/', 'src/shared/', 'src/'];

/** Whether a short reference names a file where the naming file could mean it, if it means one. */
function shortReferenceHolds(file, reference) {
  const own = file
    .split('/')
    .slice(0, -1)
    .map((_, index, parts) => `${parts.slice(0, index + 1).join('/')}/`);
  const roots = [...own, ...SHORT_ROOTS];
  const first = reference.split('/')[0];
  // Only a reference whose first folder is one of ours is read as a path (not `en/mail.ts`
  // written of a file to come in a folder we do not have, nor a URL's path).
  if (!roots.some((root) => folders.has(`${root}${first}/`))) return true;
  return roots.some((root) => known.has(`${root}${reference}`));
}

/** Every comment's text in a TypeScript or JavaScript file, each comment once. */
function commentsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const seen = new Map();
  const visit = (node) => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ]) {
      seen.set(range.pos, text.slice(range.pos, range.end));
    }
    // getChildren, not forEachChild: a comment before a bare token (JSX's `{/* … */}`) counts too.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()];
}

/** The path-like references in a text that name neither a file nor a folder of the checkout. */
function staleIn(file, text) {
  const stale = [];
  for (const match of text.matchAll(REFERENCE)) {
    const [, prefix, rest] = match;
    // A sentence's full stop or a list's comma is not part of the name.
    const reference = `${prefix}${rest.replace(/[.,]+$/, '')}`;
    if (!/(\.[A-Za-z0-9]+|\/)$/.test(reference)) continue;
    const target = prefix
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), reference))
      : reference;
    const exists = target.endsWith('/') ? folders.has(target) : known.has(target);
    if (!exists && !stale.includes(reference)) stale.push(reference);
  }
  for (const [, reference] of text.matchAll(SHORT_REFERENCE)) {
    if (/^(src|scripts|docs|e2e|bench)\//.test(reference)) continue;
    if (!shortReferenceHolds(file, reference) && !stale.includes(reference)) stale.push(reference);
  }
  return stale;
}

const problems = [];
let checked = 0;
for (const file of files) {
  const code = /\.(ts|tsx|mjs)$/.test(file);
  if (!code && !file.endsWith('.md')) continue;
  checked += 1;
  const text = readFileSync(path.join(root, file), 'utf8');
  // Parsing is the slow part: a file that names no path at all is passed over.
  if (!/[\w-]\/[\w.-]/.test(text)) continue;
  const texts = code ? commentsOf(file, text) : [text];
  for (const reference of texts.flatMap((part) => staleIn(file, part))) {
    problems.push(`${file} names ${reference}, which is not in the checkout`);
  }
}
if (problems.length > 0) {
  for (const problem of [...new Set(problems)]) console.error(problem);
  process.exit(1);
}
console.log(`check-paths: ${checked} files, every path named in a comment or document is there`);
