import { UNIVERSITY_SEED } from '../../src/server/db/seed/universities';
import { HOUR_MS } from './clock-driver';
import { seasonWeight } from './calendar';
import type { Rng } from './prng';

/**
 * The seeded seminar: admins, alumni and students, each with a unique marker in the fields
 * another person may read (the address, the student number), so that an invariant can find
 * them in bodies and mails.
 */

export type Role = 'admin' | 'alumni' | 'student';

export interface PersonSeed {
  handle: string;
  role: Role;
  /** Unique in the run: in her address (and student number), found wherever it is shown. */
  marker: string;
  email: string;
  name: string;
  nameReading: string;
  universityId: string;
  /** Students: when she registers (simulated ms); alumni are invited by the admins. */
  arrivesAt: number;
  grade: string;
  /** 127.0.0.0/8: her own client address. */
  localAddress: string;
}

export interface PopulationSize {
  admins: number;
  alumni: number;
  students: number;
}

export const YEAR_SIZE: PopulationSize = { admins: 3, alumni: 40, students: 150 };
export const TERM_SIZE: PopulationSize = { admins: 2, alumni: 10, students: 30 };

const FAMILY = [
  ['佐藤', 'サトウ'],
  ['鈴木', 'スズキ'],
  ['高橋', 'タカハシ'],
  ['田中', 'タナカ'],
  ['伊藤', 'イトウ'],
  ['渡辺', 'ワタナベ'],
  ['山本', 'ヤマモト'],
  ['中村', 'ナカムラ'],
  ['小林', 'コバヤシ'],
  ['加藤', 'カトウ'],
] as const;
const GIVEN = [
  ['美咲', 'ミサキ'],
  ['花子', 'ハナコ'],
  ['陽菜', 'ヒナ'],
  ['葵', 'アオイ'],
  ['結衣', 'ユイ'],
  ['大翔', 'ヒロト'],
  ['蓮', 'レン'],
  ['悠真', 'ユウマ'],
  ['湊', 'ミナト'],
  ['健太', 'ケンタ'],
] as const;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function address(index: number): string {
  // 127.1.x.y: never 127.0.0.1, which the driver's own sim calls use.
  return `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/** The population of a run: the same seed always gives the same people. */
export function makePopulation(
  seed: number,
  size: PopulationSize,
  from: number,
  to: number,
  rng: Rng,
): PersonSeed[] {
  const people: PersonSeed[] = [];
  const name = () => {
    const [family, familyReading] = rng.pick(FAMILY);
    const [given, givenReading] = rng.pick(GIVEN);
    return { name: `${family} ${given}`, nameReading: `${familyReading} ${givenReading}` };
  };
  const base = (handle: string, role: Role, email: string, universityId: string) => ({
    handle,
    role,
    marker: `sim${seed}-${handle}`,
    email,
    ...name(),
    universityId,
    arrivesAt: from,
    grade: '',
    localAddress: address(people.length),
  });
  for (let i = 1; i <= size.admins; i++) {
    const handle = `admin${i}`;
    people.push(base(handle, 'admin', `sim${seed}-${handle}@seminar.example.jp`, 'waseda'));
  }
  for (let i = 1; i <= size.alumni; i++) {
    const handle = `alumni${pad(i, 2)}`;
    const university = rng.pick(UNIVERSITY_SEED);
    people.push(base(handle, 'alumni', `sim${seed}-${handle}@example.com`, university.id));
  }
  // Students arrive through the run, most in April: an arrival time drawn by the season's weight.
  const hours = Math.max(1, Math.floor((to - from) / HOUR_MS));
  const weights = Array.from({ length: hours }, (_, h) =>
    seasonWeight('register', from + h * HOUR_MS),
  );
  const indices = Array.from({ length: hours }, (_, h) => h);
  for (let i = 1; i <= size.students; i++) {
    const handle = `student${pad(i, 3)}`;
    const university = rng.pick(UNIVERSITY_SEED);
    const person = base(
      handle,
      'student',
      `sim${seed}-${handle}@${university.domains[0]}`,
      university.id,
    );
    // A fifth are there from the first day: the April rollover and the first bookings need them.
    const hour = i <= Math.ceil(size.students / 5) ? 0 : rng.weighted(indices, weights);
    person.arrivesAt = from + hour * HOUR_MS + rng.int(0, 59) * 60_000;
    person.grade = rng.weighted(['1年', '2年', '3年', '4年', '大学院1年'], [1, 2, 4, 3, 1]);
    people.push(person);
  }
  return people;
}
