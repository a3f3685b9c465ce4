import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import type { Role } from '../../../shared/roles';
import type { App } from '../../app';
import { sessionCookieName } from '../../credentials/session-cookie';
import { createSession } from '../../credentials/sessions';
import { mentorIcons, mentors, students, users } from '../../db/schema';
import { UNIVERSITY_SEED } from '../../db/seed/universities';
import { mentorSearchText } from '../../mentors/queries';
import { processIcon, storeIcon } from '../../storage/icons-service';
import {
  inviteCodeFromMail,
  latestMailTo,
  sessionCookieOf,
  TEST_ORIGIN,
  tokenFromMail,
} from '../app';
import { nextSequence } from '../sequence';
import type { JobType, MentorTopic } from '../../../shared/constants';

export { nextSequence };

/** Shared set-up for the tests of the OG list, the profile edit pages and the icons. */

/** A client address of its own, so per-client limits of one test never meet another's. */
export function nextIp(): string {
  const n = nextSequence();
  return `10.9.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export function universityName(id: string): string {
  const university = UNIVERSITY_SEED.find((u) => u.id === id);
  if (!university) throw new Error(`no seeded university ${id}`);
  return university.name;
}

/** A session cookie for a user, without going through the mail. */
export async function cookieFor(app: App, userId: string): Promise<string> {
  const token = await createSession(app.ctx.db, userId);
  return `${sessionCookieName(TEST_ORIGIN)}=${token}`;
}

/** A plain JPEG of the given size. */
export function jpeg(width: number, height: number, background = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

export interface Upload {
  content: Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it: the fields first, then the file. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: Upload,
  fileField = 'image',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    form.append(
      fileField,
      new Blob([new Uint8Array(file.content)], { type: file.type ?? 'image/jpeg' }),
      file.filename ?? 'photo.jpg',
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

export interface MentorSeed {
  email?: string;
  role?: Role;
  emailVerified?: boolean;
  name?: string;
  universityId?: string;
  /** 学部 (optional); null when not given. */
  faculty?: string | null;
  graduationYear?: number;
  /** The stored form, "category - subcategory" or the category alone. */
  industry?: string;
  company?: string;
  message?: string;
  contactEmail?: string;
  /** A Date, or SQL for a value JavaScript cannot hold (microseconds). */
  createdAt?: Date | SQL;
  /** Stored as the mentor's icon (re-encoded as at registration). */
  icon?: Buffer;
  /** フリガナ as stored (katakana); null: an account made before readings were asked for. */
  nameReading?: string | null;
  companyReading?: string | null;
  /** The once-after-sign-in question about the reading is still due. */
  asksNameReading?: boolean;
  /** The richer profile's optional parts. */
  jobType?: JobType | null;
  joinedYear?: number | null;
  topics?: MentorTopic[];
}

/**
 * A user with an alumni profile, written straight into the database (much faster than the
 * registration flow): role mentor and verified unless told otherwise.
 */
export async function insertMentor(app: App, seed: MentorSeed = {}) {
  const n = nextSequence();
  const email = seed.email ?? `og-fixture-${n}@example.com`;
  const name = seed.name ?? `卒業生 ${n}`;
  const company = seed.company ?? `株式会社フィクスチャ${n}`;
  const message = seed.message ?? 'よろしくお願いします。';
  const universityId = seed.universityId ?? 'waseda';
  const nameReading = seed.nameReading === undefined ? null : seed.nameReading;
  const companyReading = seed.companyReading ?? null;
  return app.ctx.db.transaction(async (tx) => {
    const industry = seed.industry ?? 'IT・通信 - ソフトウェア';
    const [user] = await tx
      .insert(users)
      .values({
        email,
        role: seed.role ?? 'mentor',
        emailVerified: seed.emailVerified ?? true,
        asksNameReading: seed.asksNameReading ?? false,
      })
      .returning();
    const iconId = seed.icon
      ? await storeIcon(tx, user!.id, await processIcon(seed.icon, 800))
      : null;
    const [mentor] = await tx
      .insert(mentors)
      .values({
        userId: user!.id,
        name,
        universityId,
        universityName: universityName(universityId),
        faculty: seed.faculty ?? null,
        graduationYear: seed.graduationYear ?? 2015,
        industry,
        company,
        contactEmail: seed.contactEmail ?? email,
        iconId,
        message,
        urlParam: user!.id,
        searchText: mentorSearchText({
          name,
          nameReading,
          company,
          companyReading,
          message,
          industry,
        }),
        nameReading,
        companyReading,
        jobType: seed.jobType ?? null,
        joinedYear: seed.joinedYear ?? null,
        topics: seed.topics ?? [],
        ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
      })
      .returning();
    return { user: user!, mentor: mentor! };
  });
}

/**
 * Many plain alumni at once, in two statements that make their rows in the database (seconds
 * for 10,000, where `insertMentor`, a transaction each, takes minutes). Alumna `i` (from 0) is
 * registered at `createdAt`, an SQL expression of `i`. No search text: they are found by
 * nothing but their order.
 */
export async function insertMentorsInBulk(app: App, count: number, createdAt: SQL): Promise<void> {
  const tag = `og-bulk-${nextSequence()}`;
  await app.ctx.db.execute(sql`
    with account as (
      insert into users (email, role, email_verified, created_at)
      select ${tag} || '-' || i || '@example.com', 'mentor', true, ${createdAt}
      from generate_series(0, ${count - 1}::int) as i
      returning id, email
    )
    insert into mentors (user_id, name, university_id, university_name, graduation_year,
      industry, company, contact_email, message, url_param)
    select id, '卒業生 ' || split_part(email, '@', 1), 'waseda', ${universityName('waseda')}, 2015,
      'IT・通信 - ソフトウェア', '株式会社バルク', email, 'よろしくお願いします。', id::text
    from account`);
}

export interface StudentSeed {
  email?: string;
  emailVerified?: boolean;
  name?: string;
  universityId?: string;
  grade?: string;
  faculty?: string;
  department?: string;
  desiredIndustry?: string | null;
  desiredJobType?: string | null;
  selfIntroduction?: string | null;
  /** フリガナ as stored (katakana); null: an account made before readings were asked for. */
  nameReading?: string | null;
  asksNameReading?: boolean;
}

/** A verified student with a profile, written straight into the database. */
export async function insertStudent(app: App, seed: StudentSeed = {}) {
  const n = nextSequence();
  const email = seed.email ?? `student-fixture-${n}@akane.waseda.jp`;
  const universityId = seed.universityId ?? 'waseda';
  return app.ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        role: 'student',
        emailVerified: seed.emailVerified ?? true,
        asksNameReading: seed.asksNameReading ?? false,
      })
      .returning();
    const [student] = await tx
      .insert(students)
      .values({
        userId: user!.id,
        name: seed.name ?? `学生 ${n}`,
        nameReading: seed.nameReading === undefined ? 'ガクセイ' : seed.nameReading,
        studentNumber: `S${String(n).padStart(6, '0')}`,
        universityId,
        universityName: universityName(universityId),
        faculty: seed.faculty ?? '商学部',
        department: seed.department ?? '商学科',
        grade: seed.grade ?? '3年',
        contactEmail: email,
        desiredIndustry: seed.desiredIndustry ?? null,
        desiredJobType: seed.desiredJobType ?? null,
        selfIntroduction: seed.selfIntroduction ?? null,
        email,
      })
      .returning();
    return { user: user!, student: student! };
  });
}

export async function mentorRow(app: App, userId: string) {
  const [row] = await app.ctx.db.select().from(mentors).where(eq(mentors.userId, userId));
  return row;
}

export async function studentRow(app: App, userId: string) {
  const [row] = await app.ctx.db.select().from(students).where(eq(students.userId, userId));
  return row;
}

/** A user's current icon rows (not those replaced and kept for their grace period). */
export function iconRowsOf(app: App, userId: string) {
  return app.ctx.db
    .select({ id: mentorIcons.id, width: mentorIcons.width, height: mentorIcons.height })
    .from(mentorIcons)
    .where(and(eq(mentorIcons.userId, userId), isNull(mentorIcons.replacedAt)));
}

/** The whole, valid alumni form; fields can be overridden or removed (undefined). */
export function mentorFields(
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const all: Record<string, string | undefined> = {
    name: '佐藤 美咲',
    nameReading: 'サトウ ミサキ',
    universityId: 'waseda',
    graduationYear: '2015',
    industryCategory: 'IT・通信',
    industrySubcategory: 'ソフトウェア',
    company: '株式会社サンプル',
    message: '就活の悩み、気軽に相談してください。',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * The whole alumni path, for tests where the flow matters: an admin invites, the alumnus
 * submits the form with a photo, then follows the mailed link. Returns the verified session.
 */
export async function registerMentorThroughInvitation(
  app: App,
  adminCookie: string,
  overrides: Record<string, string | undefined> = {},
  photo?: Buffer,
) {
  const email = `og-invited-${nextSequence()}@example.com`;
  const invited = await app.inject({
    method: 'POST',
    url: '/api/invitations',
    payload: { email, role: 'mentor' },
    headers: { cookie: adminCookie },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation: ${invited.body}`);
  // From the mail, as the invitee reads it: an alumna inviter is not shown the code.
  const invitation = await latestMailTo(app, email);
  if (!invitation) throw new Error(`no invitation mail to ${email}`);
  const inviteCode = inviteCodeFromMail(invitation);

  const ip = nextIp();
  const body = await multipartBody(
    { email, code: inviteCode, ...mentorFields(overrides) },
    { content: photo ?? (await jpeg(1000, 1000)) },
  );
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/mentor-registrations',
    payload: body.payload,
    headers: { 'content-type': body.contentType },
    remoteAddress: ip,
  });
  if (submitted.statusCode !== 200) throw new Error(`registration: ${submitted.body}`);

  const mail = await latestMailTo(app, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const completed = await app.inject({
    method: 'POST',
    url: '/api/auth/complete-link',
    payload: { token: tokenFromMail(mail), email },
    remoteAddress: ip,
  });
  if (completed.statusCode !== 200) throw new Error(`complete-link: ${completed.body}`);
  const [user] = await app.ctx.db.select().from(users).where(eq(users.email, email));
  return { email, user: user!, cookie: sessionCookieOf(completed) };
}
