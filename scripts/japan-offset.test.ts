import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Japan's offset is written once (src/shared/constants.ts: JAPAN_UTC_OFFSET_MS, JAPAN_TIME_ZONE
 * and japanWallClock); every other file of src/ reads it from there (decision 0035).
 */

const SRC = path.resolve(__dirname, '..', 'src');
const HOME = path.join('shared', 'constants.ts');

/** The ways the offset was written out before it had one home. */
const OFFSET_LITERALS: [string, RegExp][] = [
  ['the IANA zone', /Asia\/Tokyo/],
  ['an ISO offset', /[+]09:?00\b/],
  [
    'nine hours in milliseconds',
    /\b9\s*\*\s*(60\s*\*\s*60|3_?600)\b|\b9\s*\*\s*HOUR|\b32_?400_?000\b/,
  ],
  ['nine hours taken off an hour', /\bhours?\s*-\s*9\b/],
];

/** The source files of src/, without tests and their support (which may write a time as +09:00). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test(-corpus)?\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A line of code, not of a comment. */
const isCode = (line: string) => !/^\s*(\/\/|\/\*|\*)/.test(line);

function offsetLiteralsIn(text: string): string[] {
  return text
    .split('\n')
    .filter(isCode)
    .flatMap((line) =>
      OFFSET_LITERALS.filter(([, pattern]) => pattern.test(line)).map(([name]) => name),
    );
}

describe("Japan's offset", () => {
  it('is written in constants.ts alone', () => {
    const found = sourceFiles(SRC)
      .filter((file) => path.relative(SRC, file) !== HOME)
      .flatMap((file) =>
        offsetLiteralsIn(readFileSync(file, 'utf8')).map(
          (name) => `${path.relative(SRC, file)}: ${name}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it('catches each way it was written out (planted)', () => {
    expect(offsetLiteralsIn("const f = { timeZone: 'Asia/Tokyo' };")).toEqual(['the IANA zone']);
    expect(offsetLiteralsIn('new Date(`${day}T10:00:00+09:00`);')).toEqual(['an ISO offset']);
    expect(offsetLiteralsIn('new Date(now.getTime() + 9 * 60 * 60 * 1000);')).toEqual([
      'nine hours in milliseconds',
    ]);
    expect(offsetLiteralsIn('start + 9 * HOUR_MS')).toEqual(['nine hours in milliseconds']);
    expect(offsetLiteralsIn('Date.UTC(year, month - 1, day, hour - 9, minute)')).toEqual([
      'nine hours taken off an hour',
    ]);
    // A comment may name the zone; 9 * 60 (9:00 in minutes) is no offset.
    expect(offsetLiteralsIn(' * Monday (Asia/Tokyo)')).toEqual([]);
    expect(offsetLiteralsIn('const minutes = 9 * 60 + i * 30;')).toEqual([]);
  });
});
