import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runningServerFile } from './running-server';

/**
 * Everything the site keeps on disk (the embedded database with every student's address and
 * private feedback, the backups, the running server's secret) is readable by the site's own
 * account only. The server and the commands set umask 0077 before they create anything; PGlite
 * gives its files mode 0666 itself (chmod, which no umask limits), so what it made is tightened
 * after it opened, and what older versions left open is tightened, and said, at start.
 */

/** The group's and everyone else's permission bits. */
const OTHERS = 0o077;
/** The umask the server and the commands run with: nothing they create is open to others. */
export const PRIVATE_UMASK = OTHERS;
/** For the folders made with an explicit mode (mkdir's mode is also limited by the umask). */
export const PRIVATE_DIR_MODE = 0o700;

export interface OpenEntry {
  path: string;
  /** Its permission bits as they were found. */
  mode: number;
}

export interface MadePrivate {
  /** Entries that were open to other accounts and are now the owner's alone. */
  tightened: OpenEntry[];
  /** Entries open to other accounts that this account may not change (another's files). */
  refused: OpenEntry[];
}

interface Scope {
  /** Which entries of a directory to go into (default: all, recursively). */
  under?: (name: string) => boolean;
  /** Leave alone, unreported, what another account owns (a shared directory). */
  ownOnly?: boolean;
}

/**
 * Takes the group's and everyone else's permissions off `target` and, for a directory, off
 * what is under it (as `chmod -R go-rwx`); symbolic links are not followed. A missing target
 * is nothing to do. Synchronous: it runs before a database opens, and a thousand lstat calls
 * without a promise each take a tenth of the time.
 */
export function makePrivate(target: string, scope: Scope = {}): MadePrivate {
  const result: MadePrivate = { tightened: [], refused: [] };
  tighten(target, scope, result);
  return result;
}

function tighten(entry: string, scope: Scope, result: MadePrivate): void {
  let stats;
  try {
    stats = lstatSync(entry);
  } catch {
    return; // gone (or never made): nothing of ours to protect
  }
  if (stats.isSymbolicLink()) return;
  if (scope.ownOnly && stats.uid !== process.getuid?.()) return;
  const mode = stats.mode & 0o7777;
  if ((mode & OTHERS) !== 0) {
    try {
      chmodSync(entry, mode & ~OTHERS);
      result.tightened.push({ path: entry, mode });
    } catch {
      result.refused.push({ path: entry, mode });
    }
  }
  if (!stats.isDirectory()) return;
  let names: string[];
  try {
    names = readdirSync(entry);
  } catch {
    return;
  }
  for (const name of names) {
    if (scope.under && !scope.under(name)) continue;
    tighten(path.join(entry, name), scope, result);
  }
}

/** Where `npm run backup` writes: BACKUP_DIR, else DATA_DIR/backups. */
export function backupDirOf(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups'));
}

const isBackupFile = (name: string) => name.startsWith('og-backup-');

/**
 * At start, before the database is opened: makes what the site keeps under DATA_DIR (the
 * directory, its pgdata, server.json) and its backups (BACKUP_DIR if it is this account's own,
 * and the og-backup-* files in it) the site's alone, and returns a warning for each place that
 * was open to other accounts of the machine, naming it and the fix.
 */
export function keepDataPrivate(dataDir: string, backupDir: string): string[] {
  const places: [string, MadePrivate][] = [
    [
      dataDir,
      merge([
        makePrivate(dataDir, { under: () => false }),
        makePrivate(path.join(dataDir, 'pgdata')),
        makePrivate(runningServerFile(dataDir)),
      ]),
    ],
    [backupDir, makePrivate(backupDir, { under: isBackupFile, ownOnly: true })],
  ];
  const warnings: string[] = [];
  for (const [place, { tightened, refused }] of places) {
    const fix = `chmod -R go-rwx ${place}`;
    if (tightened.length > 0) {
      warnings.push(
        `${place} was open to other accounts of this machine (${describe(tightened)}): ` +
          `made it this account's alone, as \`${fix}\` would (docs/DEPLOY.md).`,
      );
    }
    if (refused.length > 0) {
      warnings.push(
        `${place} is open to other accounts of this machine (${describe(refused)}) and this ` +
          `account may not change it: run \`${fix}\` as its owner.`,
      );
    }
  }
  return warnings;
}

function merge(results: MadePrivate[]): MadePrivate {
  return {
    tightened: results.flatMap((result) => result.tightened),
    refused: results.flatMap((result) => result.refused),
  };
}

function describe(entries: OpenEntry[]): string {
  const [first] = entries;
  const example = `${first!.path} had mode ${first!.mode.toString(8).padStart(4, '0')}`;
  return entries.length === 1 ? example : `${entries.length} files and folders; ${example}`;
}
