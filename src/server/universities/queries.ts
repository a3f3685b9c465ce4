import { and, asc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { byUniversityReading, type UniversityOption } from '../../shared/schemas/universities';
import type { Executor } from '../db/client';
import { universities, universityDomains } from '../db/schema';

/**
 * The English name of the university a profile row points at, for English mode.
 * Profiles keep the Japanese name they were saved with; the romanised one is the admin's
 * current choice, so it is read from the university at query time.
 */
export function universityNameEnOf(universityId: SQLWrapper) {
  return sql<
    string | null
  >`(select ${universities.nameEn} from ${universities} where ${universities.id} = ${universityId})`;
}

/** The romanised name of one university (retired or not); null when none was given. */
export async function findUniversityNameEn(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ nameEn: universities.nameEn })
    .from(universities)
    .where(eq(universities.id, id))
    .limit(1);
  return row?.nameEn ?? null;
}

/** Universities offered on the forms (not retired), each with its students' mail domains. */
export async function listOfferedUniversities(db: Executor): Promise<UniversityOption[]> {
  const rows = await db
    .select({
      id: universities.id,
      name: universities.name,
      reading: universities.reading,
      nameEn: universities.nameEn,
      domain: universityDomains.domain,
    })
    .from(universities)
    .leftJoin(universityDomains, eq(universityDomains.universityId, universities.id))
    .where(isNull(universities.retiredAt))
    .orderBy(asc(universities.name), asc(universityDomains.domain));
  const byId = new Map<string, UniversityOption>();
  for (const row of rows) {
    const option = byId.get(row.id) ?? {
      id: row.id,
      name: row.name,
      reading: row.reading,
      nameEn: row.nameEn,
      domains: [],
    };
    if (row.domain) option.domains.push(row.domain);
    byId.set(row.id, option);
  }
  return [...byId.values()].sort(byUniversityReading);
}

export async function findOfferedUniversity(db: Executor, id: string) {
  const [university] = await db
    .select()
    .from(universities)
    .where(and(eq(universities.id, id), isNull(universities.retiredAt)))
    .limit(1);
  if (!university) return undefined;
  const domains = await db
    .select({ domain: universityDomains.domain })
    .from(universityDomains)
    .where(eq(universityDomains.universityId, id));
  return { ...university, domains: domains.map((d) => d.domain) };
}
