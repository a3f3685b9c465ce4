/**
 * The benchmark's bulk seed: thousands of alumni and students written in batches of multi-row
 * INSERTs (the demo seed writes one account per transaction, far too slow for 100,000). The
 * data is deterministic, looks like the demo's, and varies enough for search to be selective:
 * 400 names, about 1,000 companies, 36 messages, every industry, university and graduation
 * year of the last 20.
 */
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { GRADES } from '../src/shared/constants';
import type { Database } from '../src/server/db/client';
import { mentorIcons, mentors, students, users } from '../src/server/db/schema';
import { mulberry32 } from '../src/server/lib/mulberry32';
import { toKatakana } from '../src/shared/search';
import {
  COMPANY_STEMS,
  FAMILY_NAMES,
  INDUSTRY_CHOICES,
  MESSAGES,
  demoEmployer,
  personName,
  pick,
} from '../scripts/demo-data';
import { demoUniversities, mentorProfileColumns } from '../scripts/demo-rows';

const BATCH = 500;
const YEAR_MS = 365 * 86_400_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function benchMentorEmail(index: number): string {
  return `bench-og-${index}@bench.example.jp`;
}

export function benchStudentEmail(index: number, domain: string): string {
  return `bench-student-${index}@${domain}`;
}

async function tinyIcon(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#0b57d0' } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function inBatches<T>(
  total: number,
  make: (index: number) => T,
  write: (rows: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < total; start += BATCH) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) rows.push(make(i));
    await write(rows);
  }
}

/**
 * Adds alumni until there are `total` bench alumni (indexes continue from what is there, so
 * growth runs seed 1,000, then 9,000 more, then 90,000 more). Half of them have an icon.
 */
export async function seedBenchMentors(db: Database, total: number): Promise<void> {
  const { unis } = await demoUniversities(db);
  const [existing] = await db.select({ n: count() }).from(mentors);
  const from = existing?.n ?? 0;
  if (from >= total) return;
  const icon = await tinyIcon();
  const now = Date.now();

  await inBatches(
    total - from,
    (offset) => from + offset,
    async (indexes) => {
      const userRows = await db
        .insert(users)
        .values(
          indexes.map((i) => ({
            email: benchMentorEmail(i),
            role: 'mentor' as const,
            emailVerified: true,
            termsAcceptedAt: new Date(now),
          })),
        )
        .returning({ id: users.id, email: users.email });
      const iconRows = await db
        .insert(mentorIcons)
        .values(
          userRows
            .filter((_, k) => indexes[k]! % 2 === 0)
            .map((user) => ({
              userId: user.id,
              contentType: 'image/jpeg',
              content: icon,
              byteSize: icon.length,
              width: 64,
              height: 64,
            })),
        )
        .returning({ id: mentorIcons.id, userId: mentorIcons.userId });
      const iconOf = new Map(iconRows.map((row) => [row.userId, row.id]));
      await db.insert(mentors).values(
        userRows.map((user, k) => {
          const i = indexes[k]!;
          const next = mulberry32(i + 1);
          const given = Math.floor(i / FAMILY_NAMES.length);
          const { name, nameReading } = personName(i, given);
          const employer = demoEmployer(Math.floor(next() * INDUSTRY_CHOICES.length), i);
          // Two stems make about a thousand different companies.
          const stem = Math.floor(next() * COMPANY_STEMS.length);
          const company = employer.company.replace(
            '株式会社',
            `株式会社${pick(COMPANY_STEMS, stem)}`,
          );
          const companyReadingOf = company.startsWith('株式会社')
            ? `${toKatakana(pick(COMPANY_STEMS, stem))}${employer.companyReading}`
            : employer.companyReading;
          const message = `${pick(MESSAGES, i)}${pick(MESSAGES, Math.floor(next() * MESSAGES.length))}`;
          const university = pick(unis, Math.floor(next() * unis.length));
          return {
            userId: user.id,
            universityId: university.id,
            universityName: university.name,
            graduationYear: new Date(now).getFullYear() - 1 - Math.floor(next() * 20),
            contactEmail: user.email,
            iconId: iconOf.get(user.id) ?? null,
            ...mentorProfileColumns({
              name,
              nameReading,
              company,
              companyReading: companyReadingOf,
              message,
              industry: employer.industry,
            }),
            urlParam: user.id,
            createdAt: new Date(now - Math.floor(next() * 5 * YEAR_MS)),
            // Half publish 予約枠: their cards carry an earliest slot, 3 to 21 days ahead: outside
            // the 48-hour notice, or one in ten would come within it at once and the timers
            // would spend the bench working them out again (a storm a live site never has).
            ...(i % 2 === 0
              ? {
                  bookingEnabled: true,
                  nextSlotAt: new Date(now + (3 + (i % 19)) * DAY_MS + (i % 10) * HOUR_MS),
                  nextSlotCheckedAt: new Date(now),
                }
              : {}),
          };
        }),
      );
    },
  );
}

/** Adds students until there are `total`, spread over the universities and grades. */
export async function seedBenchStudents(db: Database, total: number): Promise<void> {
  const { unis, domainOf } = await demoUniversities(db);
  const [existing] = await db.select({ n: count() }).from(students);
  const from = existing?.n ?? 0;
  if (from >= total) return;

  await inBatches(
    total - from,
    (offset) => from + offset,
    async (indexes) => {
      const placed = indexes.map((i) => {
        const university = pick(unis, i);
        return { i, university, email: benchStudentEmail(i, domainOf(university.id)) };
      });
      const userRows = await db
        .insert(users)
        .values(
          placed.map(({ email }) => ({
            email,
            role: 'student' as const,
            emailVerified: true,
            termsAcceptedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
      await db.insert(students).values(
        placed.map(({ i, university, email }, k) => ({
          userId: userRows[k]!.id,
          ...personName(i * 7, i * 3),
          studentNumber: String(20_000_000 + i),
          universityId: university.id,
          universityName: university.name,
          faculty: pick(['経済学部', '法学部', '文学部', '工学部', '商学部', '理学部'], i),
          department: pick(['経済学科', '法律学科', '英文学科', '情報工学科', '経営学科'], i),
          grade: pick(GRADES, i),
          contactEmail: email,
          email,
        })),
      );
    },
  );
}

/** The user id of the first bench student: the benchmark signs in as them. */
export async function benchStudentId(db: Database): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'student'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!row) throw new Error('bench: no student seeded');
  return row.id;
}

/** Some alumni's detail-page keys, spread over the list. */
export async function sampleUrlParams(db: Database, howMany: number): Promise<string[]> {
  const rows = await db
    .select({ urlParam: mentors.urlParam })
    .from(mentors)
    .orderBy(asc(mentors.urlParam))
    .limit(howMany);
  return rows.map((row) => row.urlParam);
}
