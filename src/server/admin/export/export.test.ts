import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentors, users } from '../../db/schema';
import { tokyoDateStamp } from '../../lib/tokyo-time';
import { auditEntries, call, insertAdmin, insertInvitation } from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { insertMentor, insertStudent } from '../../test/factories/mentors';

/** A database of its own: the exports list everyone in it. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'export-admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

async function setCreatedAt(userId: string, iso: string) {
  await t.app.ctx.db
    .update(users)
    .set({ createdAt: new Date(iso) })
    .where(eq(users.id, userId));
}

function download(which: 'students' | 'mentors') {
  return call(t.app, admin.cookie, 'GET', `/api/admin/export/${which}.csv`);
}

describe('the students export (GET /api/admin/export/students.csv)', () => {
  it('is a UTF-8 CSV with a BOM, CRLF lines, Japanese headers and one row per student', async () => {
    const { user: first } = await insertStudent(t.app, {
      email: 'csv-first@akane.waseda.jp',
      name: '山田, "たろう"',
      faculty: '商学部',
      department: '商学科',
      grade: '3年',
      desiredIndustry: 'IT・通信',
      desiredJobType: null,
    });
    // 2024-03-31 15:30 UTC is 2024-04-01 00:30 in Japan.
    await setCreatedAt(first.id, '2024-03-31T15:30:00Z');
    const { user: second } = await insertStudent(t.app, {
      email: 'csv-second@keio.jp',
      universityId: 'keio',
      name: '=HYPERLINK("http://evil.example")',
      faculty: '+SUM(A1)',
      department: '-1',
      grade: '1年',
      desiredIndustry: '@cmd',
      desiredJobType: '改行\nあり',
    });
    await setCreatedAt(second.id, '2024-05-10T03:04:00Z');
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, second.id));
    // A mentor is not a student.
    await insertMentor(t.app, { email: 'not-in-students@example.com' });

    const response = await download('students');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="students-${tokyoDateStamp(new Date())}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines).toEqual([
      '氏名,メールアドレス,連絡先メールアドレス,学籍番号,大学,学部,学科,学年,志望業界,志望職種,状態,登録日時',
      expect.stringMatching(
        /^"山田, ""たろう""",csv-first@akane\.waseda\.jp,csv-first@akane\.waseda\.jp,S\d{6},早稲田大学,商学部,商学科,3年,IT・通信,,利用中,2024-04-01 00:30$/,
      ),
      expect.stringMatching(
        /^"'=HYPERLINK\(""http:\/\/evil\.example""\)",csv-second@keio\.jp,csv-second@keio\.jp,S\d{6},慶應義塾大学,'\+SUM\(A1\),'-1,1年,'@cmd,"改行\nあり",利用停止,2024-05-10 12:04$/,
      ),
      '',
    ]);
    expect(body).not.toContain('not-in-students@example.com');

    const [entry] = await auditEntries(t.app, 'admin.export.students');
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { rows: 2 } });
  });
});

describe('the alumni export (GET /api/admin/export/mentors.csv)', () => {
  it('lists every alumni profile with role, status and inviter', async () => {
    const { user: inviter } = await insertMentor(t.app, {
      email: 'csv-inviter@example.com',
      name: '招待 元',
      universityId: 'keio',
      graduationYear: 2005,
      industry: 'その他',
      company: '株式会社元',
      message: 'こんにちは',
    });
    await setCreatedAt(inviter.id, '2023-01-01T00:00:00Z');
    const { user: invited } = await insertMentor(t.app, {
      email: 'csv-invited@example.com',
      contactEmail: 'contact@example.com',
      name: '招待 先',
      role: 'mentor_pending',
      universityId: 'waseda',
      graduationYear: 2018,
      industry: 'IT・通信 - ゲーム',
      company: '@株式会社',
      message: '話しましょう, 気軽に',
    });
    await setCreatedAt(invited.id, '2023-06-01T00:00:00Z');
    const byOg = await insertInvitation(t.app, { inviterId: inviter.id, status: 'completed' });
    await t.app.ctx.db
      .update(mentors)
      .set({ invitationId: byOg.id })
      .where(eq(mentors.userId, invited.id));

    const { user: adminOg } = await insertMentor(t.app, {
      email: 'csv-admin-og@example.com',
      name: '管理 先輩',
      role: 'admin',
    });
    await setCreatedAt(adminOg.id, '2023-07-01T00:00:00Z');
    const byAdmin = await insertInvitation(t.app, {
      inviterId: admin.user.id,
      status: 'completed',
    });
    await t.app.ctx.db
      .update(mentors)
      .set({ invitationId: byAdmin.id })
      .where(eq(mentors.userId, adminOg.id));
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, adminOg.id));
    await insertStudent(t.app, { email: 'not-a-mentor@akane.waseda.jp' });

    const response = await download('mentors');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="mentors-${tokyoDateStamp(new Date())}.csv"`,
    );
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '氏名,ログインメールアドレス,連絡先メールアドレス,権限,大学,卒業年,業界,会社名,ひとことメッセージ,状態,登録日時,招待者',
    );
    expect(lines[1]).toBe(
      '招待 元,csv-inviter@example.com,csv-inviter@example.com,OG,慶應義塾大学,2005,その他,株式会社元,こんにちは,利用中,2023-01-01 09:00,',
    );
    // An alumnus invited by another shows the inviter's name; formulas are neutralised.
    expect(lines[2]).toBe(
      `招待 先,csv-invited@example.com,contact@example.com,OG（承認待ち）,早稲田大学,2018,IT・通信 - ゲーム,'@株式会社,"話しましょう, 気軽に",利用中,2023-06-01 09:00,招待 元`,
    );
    // An admin inviter has no profile name: the address stands in.
    expect(lines[3]).toMatch(
      /^管理 先輩,csv-admin-og@example\.com,csv-admin-og@example\.com,管理者,早稲田大学,2015,IT・通信 - ソフトウェア,株式会社フィクスチャ\d+,よろしくお願いします。,利用停止,2023-07-01 09:00,export-admin@example\.com$/,
    );
    // The alumnus from the students' test, registered just now: the newest comes last.
    expect(lines[4]).toMatch(/^卒業生 \d+,not-in-students@example\.com,/);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('');
    expect(response.body).not.toContain('not-a-mentor@akane.waseda.jp');

    const [entry] = await auditEntries(t.app, 'admin.export.mentors');
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { rows: 4 } });
  });
});
