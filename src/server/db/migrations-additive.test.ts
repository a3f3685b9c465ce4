import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client';
import { journalOf } from './schema-upgrade';

/**
 * Migrations are additive while older processes still run: expand, deploy, then contract
 * (decision 0018). During an upgrade the processes of the previous release keep serving on the
 * migrated schema, so a migration may add (tables, nullable or defaulted columns, indexes) but
 * not take away or reshape what that release reads and writes. A statement that does is a
 * contract step, allowed only a release after the code stopped using what it removes, and says
 * so with a `-- contract:` comment just before it (why the previous release no longer needs it).
 */
const MARKER = /^\s*--\s*contract:\s*\S/im;

const CONTRACTING: { what: string; pattern: RegExp }[] = [
  { what: 'drops a table', pattern: /\bdrop\s+table\b/i },
  { what: 'drops a column', pattern: /\bdrop\s+column\b/i },
  { what: 'renames a table or column', pattern: /\brename\b/i },
  { what: "changes a column's type", pattern: /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i },
  { what: 'makes a column required', pattern: /\bset\s+not\s+null\b/i },
  {
    what: 'adds a required column without a default (the previous release inserts without it)',
    pattern: /\badd\s+column\b(?![^;]*\b(default|generated)\b)[^;]*\bnot\s+null\b/i,
  },
];

/** The contracting statements of a migration that lack the marker, with what each does. */
function unmarkedContractions(migration: string): string[] {
  const found: string[] = [];
  // Each statement with the comments just before it (drizzle-kit separates them with `;` and
  // a breakpoint comment).
  for (const piece of migration.replaceAll('--> statement-breakpoint', '').split(';')) {
    const statement = piece
      .split('\n')
      .filter((line) => !line.trim().startsWith('--'))
      .join('\n');
    for (const { what, pattern } of CONTRACTING) {
      if (pattern.test(statement) && !MARKER.test(piece)) {
        found.push(`${what}: ${statement.trim().replace(/\s+/g, ' ')}`);
      }
    }
  }
  return found;
}

describe('migrations', () => {
  it('only add, unless a statement is marked as a deliberate contract step', () => {
    const problems: string[] = [];
    for (const { tag } of journalOf(MIGRATIONS_DIR)) {
      const text = readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
      for (const problem of unmarkedContractions(text)) problems.push(`${tag}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('are read as this rule means', () => {
    expect(unmarkedContractions('ALTER TABLE "a" ADD COLUMN "b" text;')).toEqual([]);
    expect(
      unmarkedContractions('ALTER TABLE "a" ADD COLUMN "b" integer DEFAULT 0 NOT NULL;'),
    ).toEqual([]);
    expect(unmarkedContractions('DROP INDEX "a_idx";--> statement-breakpoint')).toEqual([]);
    expect(unmarkedContractions('ALTER TABLE "a" DROP CONSTRAINT "a_b_fk";')).toEqual([]);
    for (const statement of [
      'DROP TABLE "a";',
      'ALTER TABLE "a" DROP COLUMN "b";',
      'ALTER TABLE "a" RENAME COLUMN "b" TO "c";',
      'ALTER TABLE "a" RENAME TO "b";',
      'ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE integer;',
      'ALTER TABLE "a" ALTER COLUMN "b" TYPE integer USING b::integer;',
      'ALTER TABLE "a" ALTER COLUMN "b" SET NOT NULL;',
      'ALTER TABLE "a" ADD COLUMN "b" text NOT NULL;',
    ]) {
      expect(unmarkedContractions(statement), statement).toHaveLength(1);
      const marked = `ALTER TABLE "x" ADD COLUMN "y" text;--> statement-breakpoint\n-- contract: release 1.4 stopped reading it\n${statement}`;
      expect(unmarkedContractions(marked), marked).toEqual([]);
    }
    // The marker covers the statement it precedes, not the next one.
    expect(
      unmarkedContractions('-- contract: unused since 1.4\nDROP TABLE "a";\nDROP TABLE "b";'),
    ).toEqual(['drops a table: DROP TABLE "b"']);
  });
});
