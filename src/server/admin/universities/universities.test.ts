import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUniversity } from '../../../shared/schemas/admin';
import type { UniversityOption } from '../../../shared/schemas/universities';
import { students, universities, universityDomains } from '../../db/schema';
import { UNIVERSITY_SEED } from '../../db/seed/universities';
import {
  auditEntries,
  call,
  expectError,
  expectOk,
  insertAdmin,
  type Method,
} from '../../test/factories/admins';
import { createTestApp, type TestApp } from '../../test/app';
import { insertMentor, insertStudent, nextIp, studentRow } from '../../test/factories/mentors';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'universities-admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

function asAdmin(method: Method, url: string, payload?: object) {
  return call(t.app, admin.cookie, method, url, payload);
}

async function adminList(): Promise<AdminUniversity[]> {
  return expectOk(await asAdmin('GET', '/api/admin/universities')) as unknown as AdminUniversity[];
}

async function offered(): Promise<UniversityOption[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/universities' });
  return response.json() as UniversityOption[];
}

async function create(name: string, domains: string[]): Promise<AdminUniversity> {
  const response = await asAdmin('POST', '/api/admin/universities', { name, domains });
  return expectOk(response, 201) as unknown as AdminUniversity;
}

let studentCounter = 0;
/** The public student sign-up form, as a browser submits it. */
function registerStudent(universityId: string, email: string) {
  studentCounter++;
  return t.app.inject({
    method: 'POST',
    url: '/api/registrations/student',
    remoteAddress: nextIp(),
    payload: {
      name: `登録 学生${studentCounter}`,
      nameReading: 'ヤマダ ハナコ',
      studentNumber: `R${studentCounter}`,
      universityId,
      faculty: '文学部',
      department: '史学科',
      grade: '1年',
      email,
      termsAccepted: true,
    },
  });
}

describe('the university list (GET /api/admin/universities)', () => {
  it('lists every university with its domains and how many people name it, in あいうえお順', async () => {
    await insertStudent(t.app, { universityId: 'keio', email: 'count-1@keio.jp' });
    await insertStudent(t.app, { universityId: 'keio', email: 'count-2@keio.jp' });
    await insertMentor(t.app, { universityId: 'keio' });
    const list = await adminList();
    expect(list).toHaveLength(UNIVERSITY_SEED.length);
    expect(list.find((u) => u.id === 'keio')).toEqual({
      id: 'keio',
      name: '慶應義塾大学',
      reading: 'けいおうぎじゅくだいがく',
      nameEn: 'Keio University',
      domains: ['keio.jp'],
      retiredAt: null,
      studentCount: 2,
      mentorCount: 1,
    });
    expect(list.find((u) => u.id === 'u-tokyo')).toMatchObject({
      domains: ['g.ecc.u-tokyo.ac.jp', 'utac.u-tokyo.ac.jp'],
      studentCount: 0,
      mentorCount: 0,
    });
    // By reading, not by the kanji's code points: 青山学院 (あ…) first, 早稲田 (わ…) last.
    const readings = list.map((u) => u.reading);
    expect(readings).toEqual([...readings].sort((a, b) => a.localeCompare(b, 'ja')));
    expect(list[0]!.name).toBe('青山学院大学');
    expect(list.at(-1)!.name).toBe('早稲田大学');
    // The forms' list follows the same order.
    expect((await offered()).map((u) => u.id)).toEqual(
      list.filter((u) => u.retiredAt === null).map((u) => u.id),
    );
  });
});

describe('adding a university (POST /api/admin/universities)', () => {
  it('creates it with its domains, offers it on the forms, and accepts addresses on them', async () => {
    const created = await create(' 新設テスト大学 ', ['Mail.Shinsetsu.AC.JP', 'shinsetsu.jp']);
    expect(created).toEqual({
      id: expect.stringMatching(/^u-[a-z0-9]{8}$/),
      name: '新設テスト大学',
      reading: '',
      nameEn: null,
      domains: ['mail.shinsetsu.ac.jp', 'shinsetsu.jp'],
      retiredAt: null,
      studentCount: 0,
      mentorCount: 0,
    });
    expect((await offered()).find((u) => u.id === created.id)).toEqual({
      id: created.id,
      name: '新設テスト大学',
      reading: '',
      nameEn: null,
      domains: ['mail.shinsetsu.ac.jp', 'shinsetsu.jp'],
    });
    expect((await registerStudent(created.id, 'new-student@shinsetsu.jp')).statusCode).toBe(200);
    expectError(
      await registerStudent(created.id, 'new-student@elsewhere.ac.jp'),
      403,
      'registration/domain-not-allowed',
    );
    const [entry] = await auditEntries(t.app, 'admin.university.create', created.id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'university' });
  });

  it('refuses a domain that belongs to another university, retired ones included', async () => {
    const response = await asAdmin('POST', '/api/admin/universities', {
      name: '重複大学',
      domains: ['dup.ac.jp', 'KEIO.jp'],
    });
    expectError(response, 409, 'university/domain-taken');
    expect(response.json().fieldErrors).toEqual({ domains: 'validation.domainTaken' });

    const retired = await create('廃止予定大学', ['retiring.ac.jp']);
    expectOk(await asAdmin('POST', `/api/admin/universities/${retired.id}/retire`));
    expectError(
      await asAdmin('POST', '/api/admin/universities', {
        name: '重複大学',
        domains: ['retiring.ac.jp'],
      }),
      409,
      'university/domain-taken',
    );
    const names = (await t.app.ctx.db.select().from(universities)).map((u) => u.name);
    expect(names).not.toContain('重複大学');
    const [dup] = await t.app.ctx.db
      .select()
      .from(universityDomains)
      .where(eq(universityDomains.domain, 'dup.ac.jp'));
    expect(dup).toBeUndefined();
  });

  it('refuses a malformed form with field messages', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ name: '', domains: ['ok.ac.jp'] }, { name: 'validation.universityNameRequired' }],
      [{ name: '大学', domains: [] }, { domains: 'validation.domainRequired' }],
      [{ name: '大学', domains: ['a@b.ac.jp'] }, { 'domains.0': 'validation.domainInvalid' }],
      [
        { name: '大学', domains: ['x.ac.jp', 'X.AC.JP'] },
        { domains: 'validation.domainDuplicated' },
      ],
    ];
    for (const [payload, fieldErrors] of cases) {
      const response = await asAdmin('POST', '/api/admin/universities', payload);
      expectError(response, 400, 'invalid-argument');
      expect(response.json().fieldErrors).toEqual(fieldErrors);
    }
  });
});

describe('editing a university (PUT /api/admin/universities/:id)', () => {
  it('renames it and replaces its domains; profiles keep the name they were saved with', async () => {
    const created = await create('改称前大学', ['before.ac.jp', 'kept.ac.jp']);
    expect((await registerStudent(created.id, 'early@before.ac.jp')).statusCode).toBe(200);
    const { user } = await insertStudent(t.app, { universityId: 'keio' });
    // A profile written under the old name (insertStudent names seeded universities only).
    await t.app.ctx.db
      .update(students)
      .set({ universityId: created.id, universityName: '改称前大学' })
      .where(eq(students.userId, user.id));

    const response = await asAdmin('PUT', `/api/admin/universities/${created.id}`, {
      name: '改称後大学',
      // Katakana is kept as hiragana; the English name as written.
      reading: 'カイショウゴダイガク',
      nameEn: ' Kaishogo University ',
      domains: ['kept.ac.jp', 'after.ac.jp'],
    });
    expect(expectOk(response)).toEqual({
      id: created.id,
      name: '改称後大学',
      reading: 'かいしょうごだいがく',
      nameEn: 'Kaishogo University',
      domains: ['after.ac.jp', 'kept.ac.jp'],
      retiredAt: null,
      studentCount: 1,
      mentorCount: 0,
    });
    expect((await studentRow(t.app, user.id))!.universityName).toBe('改称前大学');
    expect((await registerStudent(created.id, 'late@after.ac.jp')).statusCode).toBe(200);
    expectError(
      await registerStudent(created.id, 'later@before.ac.jp'),
      403,
      'registration/domain-not-allowed',
    );
    const [entry] = await auditEntries(t.app, 'admin.university.update', created.id);
    expect(entry).toMatchObject({ actorId: admin.user.id });
  });

  it("refuses another university's domain and changes nothing", async () => {
    const created = await create('据え置き大学', ['stay.ac.jp']);
    const response = await asAdmin('PUT', `/api/admin/universities/${created.id}`, {
      name: '改名されない大学',
      domains: ['stay.ac.jp', 'keio.jp'],
    });
    expectError(response, 409, 'university/domain-taken');
    expect((await adminList()).find((u) => u.id === created.id)).toMatchObject({
      name: '据え置き大学',
      domains: ['stay.ac.jp'],
    });
    expect(await auditEntries(t.app, 'admin.university.update', created.id)).toEqual([]);
  });

  it('answers an unknown university with 404', async () => {
    expectError(
      await asAdmin('PUT', '/api/admin/universities/no-such-id', {
        name: '大学',
        domains: ['nowhere.ac.jp'],
      }),
      404,
      'not-found',
    );
  });
});

describe('retiring and restoring (POST /api/admin/universities/:id/retire|restore)', () => {
  it('takes a retired university off the forms and refuses registration with it', async () => {
    const retired = expectOk(
      await asAdmin('POST', '/api/admin/universities/sophia/retire'),
    ) as unknown as AdminUniversity;
    expect(retired).toMatchObject({ id: 'sophia', retiredAt: expect.any(String) });
    expect((await offered()).map((u) => u.id)).not.toContain('sophia');
    expect((await adminList()).find((u) => u.id === 'sophia')!.retiredAt).not.toBeNull();
    const refused = await registerStudent('sophia', 'retired@eagle.sophia.ac.jp');
    expectError(refused, 400, 'invalid-argument');
    expect(refused.json().fieldErrors).toEqual({ universityId: 'validation.universityRequired' });

    // Retiring twice changes nothing and records one entry.
    expectOk(await asAdmin('POST', '/api/admin/universities/sophia/retire'));
    const entries = await auditEntries(t.app, 'admin.university.retire', 'sophia');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.user.id });

    const restored = await asAdmin('POST', '/api/admin/universities/sophia/restore');
    expect(expectOk(restored)).toMatchObject({ id: 'sophia', retiredAt: null });
    expect((await offered()).map((u) => u.id)).toContain('sophia');
    expect((await registerStudent('sophia', 'back@eagle.sophia.ac.jp')).statusCode).toBe(200);
    expect(await auditEntries(t.app, 'admin.university.restore', 'sophia')).toHaveLength(1);
  });

  it('answers an unknown university with 404', async () => {
    expectError(await asAdmin('POST', '/api/admin/universities/nope/retire'), 404, 'not-found');
    expectError(await asAdmin('POST', '/api/admin/universities/nope/restore'), 404, 'not-found');
  });
});
