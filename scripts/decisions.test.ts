import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The format is docs/decisions/README.md's.
const folder = path.resolve(import.meta.dirname, '../docs/decisions');
const records = readdirSync(folder)
  .filter((file) => /^\d{4}-.+\.md$/.test(file))
  .map((file) => {
    const lines = readFileSync(path.join(folder, file), 'utf8').split('\n');
    return { file, number: file.slice(0, 4), title: lines[0], line: lines[2] ?? '' };
  });
const STATUS_LINE =
  /^Date: \d{4}-\d{2}-\d{2} · Status: (accepted|superseded by \d{4})(; in part superseded by .+)?(; supersedes .+)?$/;

/** The records a status names in its part starting so, e.g. "superseded by 0009 (…) and 0019 (…)". */
function named(line: string, start: RegExp): string[] {
  const status = line.split(' · Status: ')[1] ?? '';
  const part = status.split('; ').find((piece) => start.test(piece)) ?? '';
  return [...part.replace(/\([^)]*\)/g, '').matchAll(/\b\d{4}\b/g)].map((match) => match[0]);
}

describe('decision records', () => {
  it('each carries its number as its title and a date and a status right under it', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.title, record.file).toMatch(new RegExp(`^# ${record.number} \\S`));
      expect(record.line, record.file).toMatch(STATUS_LINE);
    }
  });

  it('a record superseded by another is named by that other as superseded, and back', () => {
    const byNumber = new Map(records.map((record) => [record.number, record]));
    for (const record of records) {
      for (const later of named(record.line, /^(in part )?superseded by/)) {
        expect(byNumber.get(later)?.line, `${record.file} → ${later}`).toMatch(
          new RegExp(`supersedes (part of )?(\\d{4}[^;]*)?${record.number}`),
        );
      }
      for (const earlier of named(record.line, /^supersedes/)) {
        expect(byNumber.get(earlier)?.line, `${record.file} → ${earlier}`).toMatch(
          new RegExp(`superseded by (\\d{4}[^;]*)?${record.number}`),
        );
      }
    }
  });
});
