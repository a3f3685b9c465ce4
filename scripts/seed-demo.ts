/**
 * `npm run seed:demo`: fills a database with demo alumni (with generated icons) and students
 * so the site can be tried. Run it only by hand, with the server stopped (PGlite allows one
 * process); it refuses NODE_ENV=production unless given --force.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { asc, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { PRIVATE_UMASK } from '../src/server/db/private-files';
import {
  consultationDesk,
  seminar,
  invitations,
  mentorAvailability,
  mentorIcons,
  mentors,
  students,
  users,
  visitRequests,
} from '../src/server/db/schema';
import { linksOn } from '../src/server/mail/links';
import { refreshNextSlots } from '../src/server/booking';
import { GRADES, INVITATION_TTL_MS, JOB_TYPES, MENTOR_TOPICS } from '../src/shared/constants';
import { FACULTIES, FAMILY_NAMES, MESSAGES, demoEmployer, personName, pick } from './demo-data';
import { seedDemoGroupSessions } from './demo-group-sessions';
import { seedDemoNotes } from './demo-notes';
import { demoUniversities, mentorProfileColumns, studentNotYetAsking } from './demo-rows';

const COLORS = [
  '#0b57d0',
  '#0d652d',
  '#b3261e',
  '#7b1fa2',
  '#e37400',
  '#00796b',
  '#5d4037',
  '#3949ab',
];

/**
 * The demo alumnae (og04, og09, og12, og15, og22, og25, og28, og37: by index) who publish 予約枠:
 * alumnae no browser journey asks with three proposed times, as her page then offers slots first.
 */
const PUBLISHING = new Set([3, 8, 11, 14, 21, 24, 27, 36]);

/**
 * A demo alumna's windows: two weekday evenings online, and Saturday mornings online or at a café
 * (minutes from midnight, Japan time).
 */
function demoWindows(mentorId: string, index: number) {
  const evening = { kind: 'weekly' as const, startMinute: 18 * 60, endMinute: 20 * 60 };
  return [
    { mentorId, ...evening, weekday: 1 + (index % 3), meetingFormat: 'online' as const },
    { mentorId, ...evening, weekday: 3 + (index % 2), meetingFormat: 'online' as const },
    {
      mentorId,
      kind: 'weekly' as const,
      weekday: 6,
      startMinute: 10 * 60,
      endMinute: 12 * 60,
      meetingFormat: 'either' as const,
      placeKind: 'public' as const,
      meetingPlace: '駅近くのカフェ（店内の席）',
    },
  ];
}

async function iconJpeg(
  index: number,
): Promise<{ content: Buffer; width: number; height: number }> {
  const color = pick(COLORS, index);
  const accent = pick(COLORS, index + 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="${color}"/>
    <circle cx="200" cy="160" r="80" fill="#ffffff" fill-opacity="0.9"/>
    <ellipse cx="200" cy="360" rx="140" ry="110" fill="#ffffff" fill-opacity="0.9"/>
    <circle cx="330" cy="70" r="40" fill="${accent}" fill-opacity="0.8"/>
  </svg>`;
  const content = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  return { content, width: 400, height: 400 };
}

const DAY_MS = 86_400_000;

/**
 * A few finished visit requests, so that the demo (and its journeys) show what happens after a
 * meeting and the admins' funnel has numbers: two held two days ago and not yet recorded (one
 * for the no-show journey), one held in person about three hours ago (so the server's first timer pass asks its student
 * 「無事に終わりましたか」), one held online three days ago (for the 訪問記録 journey), one
 * declined, one expired unanswered. Skipped when the student already asked that alumna.
 */
async function seedDemoVisits(db: Database) {
  const now = Date.now();
  const demoVisits = [
    {
      student: 'student05@',
      mentor: 'og38@demo.example.jp',
      state: {
        status: 'accepted' as const,
        createdAt: new Date(now - 6 * DAY_MS),
        respondedAt: new Date(now - 5 * DAY_MS),
        // On the hour, as a meeting is.
        meetingAt: new Date(Math.floor((now - 2 * DAY_MS) / 3_600_000) * 3_600_000),
        meetingPlace: '新宿駅南口のカフェ',
        meetingFormat: 'in_person' as const,
      },
    },
    {
      // e2e/no-show.spec.ts: the alumna records that the student did not come. Neither is in
      // another journey but student07's request to og31 (e2e/visit-request.spec.ts), which one
      // no-show does not stop.
      student: 'student07@',
      mentor: 'og06@demo.example.jp',
      state: {
        status: 'accepted' as const,
        createdAt: new Date(now - 7 * DAY_MS),
        respondedAt: new Date(now - 6 * DAY_MS),
        meetingAt: new Date(Math.floor((now - 2 * DAY_MS) / 3_600_000) * 3_600_000),
        meetingPlace: '丸の内オフィス1階の受付',
        meetingFormat: 'in_person' as const,
        placeKind: 'office' as const,
      },
    },
    {
      // e2e/safe-meeting.spec.ts: no other journey changes this pair.
      student: 'student06@',
      mentor: 'og04@demo.example.jp',
      state: {
        status: 'accepted' as const,
        createdAt: new Date(now - 5 * DAY_MS),
        respondedAt: new Date(now - 4 * DAY_MS),
        // On the hour, three to four hours ago: past the ask, well within its day.
        meetingAt: new Date(Math.floor((now - 3 * 3_600_000) / 3_600_000) * 3_600_000),
        meetingPlace: '渋谷駅近くのカフェ',
        meetingFormat: 'in_person' as const,
      },
    },
    {
      // e2e/visit-notes.spec.ts: the student writes her 訪問記録 on it and offers it. og23 is in
      // no other journey; student03 only reads pages and sends requests to others elsewhere
      // (a11y.spec.ts, request-reading.spec.ts). Online, three days ago: past the one reminder's
      // day, so no bell of it.
      student: 'student03@',
      mentor: 'og23@demo.example.jp',
      state: {
        status: 'accepted' as const,
        createdAt: new Date(now - 8 * DAY_MS),
        respondedAt: new Date(now - 7 * DAY_MS),
        meetingAt: new Date(Math.floor((now - 3 * DAY_MS) / 3_600_000) * 3_600_000),
        placeKind: 'online' as const,
        meetingUrl: 'https://meet.example.com/og23-visit',
        agendaQuestions: ['入社の決め手は何でしたか。', '営業の一日の流れを教えてください。'],
      },
    },
    {
      student: 'student12@',
      mentor: 'og39@demo.example.jp',
      state: {
        status: 'declined' as const,
        createdAt: new Date(now - 4 * DAY_MS),
        respondedAt: new Date(now - 3 * DAY_MS),
      },
    },
    {
      student: 'student11@',
      mentor: 'og40@demo.example.jp',
      state: {
        status: 'expired' as const,
        createdAt: new Date(now - 9 * DAY_MS),
        expiredAt: new Date(now - 2 * DAY_MS),
      },
    },
  ];
  for (const visit of demoVisits) {
    const [mentor] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, visit.mentor));
    const student = mentor && (await studentNotYetAsking(db, visit.student, mentor.id));
    if (!mentor || !student) continue;
    const meetingAt = visit.state.meetingAt ?? null;
    await db.insert(visitRequests).values({
      studentId: student.id,
      mentorId: mentor.id,
      purpose: 'career_advice',
      message: '業界の働き方について、お話を伺えますと幸いです。',
      preferredSlots: [meetingAt ?? new Date(visit.state.createdAt.getTime() + 5 * DAY_MS)],
      meetingFormat: 'online',
      ...visit.state,
    });
  }
}

/**
 * Fills a migrated database with the demo: alumni, students, invitations, visits and notes (what
 * README.md lists). Skips what is already there; answers how many accounts it made. Tests seed
 * their database with it too (visit-notes/anonymity.test.ts).
 */
export async function seedDemo(db: Database, appOrigin: string): Promise<number> {
  const { unis, domainOf } = await demoUniversities(db);
  const thisYear = new Date().getFullYear();
  let created = 0;
  const publishing: string[] = [];

  // 40 alumni, then 2 awaiting an admin's approval (mentor_pending: not on the OG list).
  for (let i = 0; i < 42; i++) {
    const awaitingApproval = i >= 40;
    const email = awaitingApproval
      ? `pending${String(i - 39).padStart(2, '0')}@demo.example.jp`
      : `og${String(i + 1).padStart(2, '0')}@demo.example.jp`;
    const [existing] = await db.select().from(users).where(eq(users.email, email));
    if (existing) continue;
    // Unique across the 40: the same family name comes back with another given name.
    const given = i * 3 + Math.floor(i / FAMILY_NAMES.length);
    const person = personName(i, given);
    // Most demo alumni give a job type, topics and 学部; a few leave them out. The alumnae of
    // 青山学院 (og01, og13, og19, ...) are of 経済学部, as student01 is: 「同じ学部の先輩」 to her.
    const richer =
      i % 7 === 6
        ? {}
        : {
            faculty: pick(FACULTIES, i),
            jobType: pick(JOB_TYPES, i * 3),
            joinedYear: thisYear - 1 - (i % 15),
            topics: MENTOR_TOPICS.filter((_, t) => (t + i) % 4 === 0),
          };
    // og07 stands for an account made before readings were asked for: she is asked once.
    const nameReading = i === 6 ? null : person.nameReading;
    const university = pick(unis, i * 5);
    const employer = demoEmployer(i * 11, i);
    const companyReadingOf = i === 6 ? null : employer.companyReading;
    const message = pick(MESSAGES, i);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          role: awaitingApproval ? 'mentor_pending' : 'mentor',
          emailVerified: true,
          termsAcceptedAt: new Date(),
          asksNameReading: nameReading === null,
        })
        .returning();
      const icon = await iconJpeg(i);
      const [stored] = await tx
        .insert(mentorIcons)
        .values({
          userId: user!.id,
          contentType: 'image/jpeg',
          byteSize: icon.content.length,
          ...icon,
        })
        .returning({ id: mentorIcons.id });
      await tx.insert(mentors).values({
        userId: user!.id,
        universityId: university.id,
        universityName: university.name,
        graduationYear: thisYear - 1 - (i % 15),
        contactEmail: email,
        iconId: stored!.id,
        ...richer,
        ...mentorProfileColumns({
          name: person.name,
          nameReading,
          company: employer.company,
          companyReading: companyReadingOf,
          message,
          industry: employer.industry,
        }),
        urlParam: user!.id,
        createdAt: new Date(Date.now() - i * 86_400_000),
        // Some alumnae publish 予約枠, so the list shows earliest slots.
        ...(PUBLISHING.has(i) ? { bookingEnabled: true } : {}),
      });
      if (PUBLISHING.has(i)) {
        await tx.insert(mentorAvailability).values(demoWindows(user!.id, i));
        publishing.push(user!.id);
      }
    });
    created++;
  }
  await refreshNextSlots(db, publishing);

  // 16 students: the 13th has one journey of her own (e2e/installable-app.spec.ts, offline), the
  // 14th too (e2e/recommendations.spec.ts: a new student, no 志望業界 yet, no request), the 15th
  // and 16th sat yesterday's 座談会 (demo-group-sessions.ts).
  for (let i = 0; i < 16; i++) {
    const university = pick(unis, i * 3);
    const email = `student${String(i + 1).padStart(2, '0')}@${domainOf(university.id)}`;
    const [existing] = await db.select().from(users).where(eq(users.email, email));
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, role: 'student', emailVerified: true, termsAcceptedAt: new Date() })
        .returning();
      await tx.insert(students).values({
        userId: user!.id,
        ...personName(i * 5 + 2, i * 7 + 1),
        studentNumber: `2${String(4000000 + i * 137).slice(0, 7)}`,
        universityId: university.id,
        universityName: university.name,
        faculty: pick(FACULTIES, i),
        department: pick(
          ['経済学科', '法律学科', '英文学科', '情報工学科', '経営学科', '数学科'],
          i,
        ),
        grade: pick(GRADES, i % 4 === 3 ? 2 : i % 4),
        contactEmail: email,
        email,
      });
    });
    created++;
  }
  // Two invitations for the admin console: one still open, one that ran out unused.
  const demoInvitations = [
    {
      inviter: 'og30@demo.example.jp',
      email: 'invitee01@demo.example.jp',
      code: 'DEMQ2A',
      ageDays: 1,
    },
    {
      inviter: 'og31@demo.example.jp',
      email: 'invitee02@demo.example.jp',
      code: 'DEMQ3B',
      ageDays: 10,
    },
  ];
  for (const demo of demoInvitations) {
    const [existing] = await db.select().from(invitations).where(eq(invitations.email, demo.email));
    const [inviter] = await db.select().from(users).where(eq(users.email, demo.inviter));
    if (existing || !inviter) continue;
    const createdAt = new Date(Date.now() - demo.ageDays * 86_400_000);
    const expiresAt = new Date(createdAt.getTime() + INVITATION_TTL_MS);
    const expired = expiresAt.getTime() <= Date.now();
    await db.insert(invitations).values({
      email: demo.email,
      inviteCode: demo.code,
      role: 'mentor',
      inviterId: inviter.id,
      status: expired ? 'expired' : 'pending',
      expiredAt: expired ? expiresAt : null,
      expiresAt,
      invitationUrl: linksOn(appOrigin).invitation(demo.email, demo.code),
      createdAt,
    });
  }

  // The demo seminar is set up (issue 56): its 相談窓口 and its name, so that its admins land
  // on the console's overview, not on the setup list a new seminar's admin meets first.
  await db
    .insert(consultationDesk)
    .values({
      id: 1,
      name: 'キャリア支援室 OG訪問相談窓口（デモ）',
      email: 'career-desk@example.ac.jp',
      hours: '平日 10:00〜17:00',
    })
    .onConflictDoNothing();
  await db
    .insert(seminar)
    .values({ id: 1, name: '就活ゼミ（デモ）', leaderName: 'デモ 運営担当' })
    .onConflictDoNothing();

  await seedDemoVisits(db);
  await seedDemoNotes(db);
  await seedDemoGroupSessions(db);
  return created;
}

async function main() {
  // The database it makes or fills is the site's account's alone, as the server's own.
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  if (config.nodeEnv === 'production' && !process.argv.includes('--force')) {
    console.error('seed:demo refuses NODE_ENV=production (pass --force if you really mean it).');
    process.exit(1);
  }
  const handle = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { pgliteDir: path.join(config.dataDir, 'pgdata') },
    { statementCache: config.pgliteStatementCache },
  );
  try {
    await handle.migrate();
    const db = handle.db;
    const created = await seedDemo(db, config.appOrigin);

    const demoStudents = await db
      .select({ email: users.email })
      .from(users)
      .where(like(users.email, 'student__@%'))
      .orderBy(asc(users.email));
    console.log(
      `seed:demo: ${created} accounts created in ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir} (alumni og01–og40@demo.example.jp, awaiting approval pending01–02@demo.example.jp, students ${demoStudents.map((s) => s.email).join(', ')}).`,
    );
  } finally {
    await handle.close();
  }
}

// Run as `npm run seed:demo`; imported by a test, only seedDemo.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
