import { count } from 'drizzle-orm';
import type { Database } from '../client';
import { universities, universityDomains } from '../schema';
import { UNIVERSITY_SEED } from './universities';

/** Master data for a new database; once admins own the table, start-up leaves it alone. */
export async function seedUniversitiesIfEmpty(db: Database): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(universities);
  if ((existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(universities)
      .values(
        UNIVERSITY_SEED.map(({ id, name, reading, nameEn }) => ({ id, name, reading, nameEn })),
      );
    await tx
      .insert(universityDomains)
      .values(
        UNIVERSITY_SEED.flatMap(({ id, domains }) =>
          domains.map((domain) => ({ domain, universityId: id })),
        ),
      );
  });
}
