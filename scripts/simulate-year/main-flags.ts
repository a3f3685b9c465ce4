import type { DatabaseKind } from './world';

/** The flags of `npm run simulate:year` (main.ts). */

export interface Flags {
  seeds: number[];
  term: boolean;
  db: DatabaseKind;
  from: string;
  days?: number;
  faults?: number;
  /** Hours between ticks (besides 00:00 and 18:00 in Japan): 3 unless told. */
  tickHours?: number;
  report?: string;
  /** Seeds run side by side (default 1: one after another). */
  jobs: number;
}

export function parseFlags(argv: string[]): Flags {
  const flags: Partial<Flags> & { seeds: number[] } = {
    seeds: [],
    term: false,
    db: 'postgres',
    jobs: 1,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    const number = (text: string) => {
      const parsed = Number(text);
      if (!Number.isInteger(parsed) || parsed < 0)
        throw new Error(`${flag}: not a whole number: ${text}`);
      return parsed;
    };
    if (flag === '--seed') flags.seeds.push(number(value()));
    else if (flag === '--seeds') flags.seeds.push(...value().split(',').map(number));
    else if (flag === '--term') flags.term = true;
    else if (flag === '--db') {
      const db = value();
      if (db !== 'postgres' && db !== 'pglite')
        throw new Error(`--db: postgres or pglite, not ${db}`);
      flags.db = db;
    } else if (flag === '--from') {
      const from = value();
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) throw new Error(`--from: YYYY-MM-DD, not ${from}`);
      flags.from = from;
    } else if (flag === '--days') flags.days = number(value());
    else if (flag === '--faults') flags.faults = number(value());
    else if (flag === '--tick-hours') flags.tickHours = number(value());
    else if (flag === '--report') flags.report = value();
    else if (flag === '--jobs') flags.jobs = Math.max(1, number(value()));
    else if (flag === '--') continue;
    else throw new Error(`unknown flag ${flag}`);
  }
  if (flags.seeds.length === 0) flags.seeds.push(1);
  flags.from ??= flags.term ? '2027-03-25' : '2027-04-01';
  return flags as Flags;
}
