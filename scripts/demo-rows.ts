/**
 * What the demo seed (scripts/seed-demo.ts) and the benchmark's bulk seed (bench/seed.ts) read
 * and write alike: the universities with their address domains, and an alumna's written profile
 * with the columns the search derives from it.
 */
import { and, asc, eq, like } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { universities, universityDomains, users, visitRequests } from '../src/server/db/schema';
import { seedUniversitiesIfEmpty } from '../src/server/db/seed/seed-universities';
import { mentorDerivedColumns } from '../src/server/mentors/queries';
import type { INDUSTRY_CHOICES } from './demo-data';

/** The universities (seeded first when there are none), and where their students' mail goes. */
export async function demoUniversities(db: Database) {
  await seedUniversitiesIfEmpty(db);
  const unis = await db.select().from(universities).orderBy(asc(universities.id));
  const domains = await db.select().from(universityDomains).orderBy(asc(universityDomains.domain));
  return {
    unis,
    /** The university's first address domain (example.ac.jp for one without any). */
    domainOf: (universityId: string) =>
      domains.find((d) => d.universityId === universityId)?.domain ?? 'example.ac.jp',
  };
}

/** An alumna's written profile as her row keeps it, with what the search derives from it. */
export function mentorProfileColumns(profile: {
  name: string;
  nameReading: string | null;
  company: string;
  companyReading: string | null;
  message: string;
  industry: (typeof INDUSTRY_CHOICES)[number];
}) {
  const { industry, ...written } = profile;
  return {
    ...written,
    ...mentorDerivedColumns({
      ...written,
      industryCategory: industry.category,
      industrySubcategory: industry.subcategory,
    }),
  };
}

/**
 * The demo student whose address starts with `prefix`, unless she has asked this alumna already:
 * the seed's visits and notes are added once, however often it runs.
 */
export async function studentNotYetAsking(db: Database, prefix: string, mentorId: string) {
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `${prefix}%`));
  if (!student) return undefined;
  const [asked] = await db
    .select({ id: visitRequests.id })
    .from(visitRequests)
    .where(and(eq(visitRequests.studentId, student.id), eq(visitRequests.mentorId, mentorId)));
  return asked ? undefined : student;
}
