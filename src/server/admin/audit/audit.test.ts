import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, type AuditLogPage } from '../../../shared/schemas/admin';
import { auditLog } from '../../db/schema';
import { call, expectOk, insertAdmin } from '../../test/factories/admins';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { insertStudent } from '../../test/factories/mentors';

/** A database of its own, started with an ADMIN_EMAILS admin (a system entry). */
let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: ['boot_admin@example.com'] });
  admin = await insertAdmin(t.app, 'audit-reader@example.com');
});
afterAll(async () => {
  await t?.close();
});

async function auditPage(query: Record<string, string> = {}): Promise<AuditLogPage> {
  const response = await call(
    t.app,
    admin.cookie,
    'GET',
    `/api/admin/audit?${new URLSearchParams(query)}`,
  );
  return expectOk(response) as unknown as AuditLogPage;
}

describe('the audit log (GET /api/admin/audit)', () => {
  it('shows entries newest first with their actor, system entries without one', async () => {
    await signIn(t.app, 'boot_admin@example.com', '10.30.0.1');
    const { user: student } = await insertStudent(t.app);
    const suspended = await call(
      t.app,
      admin.cookie,
      'POST',
      `/api/admin/users/${student.id}/suspend`,
    );
    expect(suspended.statusCode).toBe(200);

    const page = await auditPage();
    expect(page.entries.map((e) => e.action)).toEqual([
      'admin.user.suspend',
      'auth.sign-in',
      'admin.bootstrap',
    ]);
    expect(page.entries[0]).toMatchObject({
      actor: { id: admin.user.id, email: 'audit-reader@example.com' },
      targetType: 'user',
      targetId: student.id,
      details: null,
    });
    expect(page.entries[2]!.actor).toBeNull();
    expect(page.nextCursor).toBeNull();
    expect(page.actions).toEqual(['admin.bootstrap', 'admin.user.suspend', 'auth.sign-in']);
  });

  it('filters by part of the actor address and by exact action', async () => {
    expect((await auditPage({ actor: 'BOOT_' })).entries.map((e) => e.action)).toEqual([
      'auth.sign-in',
    ]);
    // Wildcards are matched as typed: "_" is not "any character".
    expect((await auditPage({ actor: 'audit_reader' })).entries).toEqual([]);
    expect((await auditPage({ actor: '%' })).entries).toEqual([]);
    const suspensions = await auditPage({ action: 'admin.user.suspend' });
    expect(suspensions.entries.map((e) => e.action)).toEqual(['admin.user.suspend']);
    expect((await auditPage({ action: 'admin.user' })).entries).toEqual([]);
    // The filter's choices stay the whole log's.
    expect(suspensions.actions).toHaveLength(3);
  });

  it('pages with a cursor through entries written in the same instant', async () => {
    const count = ADMIN_PAGE_SIZE + 5;
    await t.app.ctx.db.insert(auditLog).values(
      Array.from({ length: count }, (_, i) => ({
        actorId: admin.user.id,
        action: 'admin.export.students',
        details: { rows: i },
        createdAt: sql`now() + interval '1 day'`,
      })),
    );
    const first = await auditPage({ action: 'admin.export.students' });
    expect(first.entries).toHaveLength(ADMIN_PAGE_SIZE);
    const second = await auditPage({ action: 'admin.export.students', cursor: first.nextCursor! });
    expect(second.entries).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.entries, ...second.entries].map((e) => e.details!.rows);
    expect(new Set(seen).size).toBe(count);
  });
});

describe('the audit log in words', () => {
  it('names the actor and the target: people by their profile name, universities by name', async () => {
    const { user: student } = await insertStudent(t.app, { name: '監査 花子' });
    expect(
      (await call(t.app, admin.cookie, 'POST', `/api/admin/users/${student.id}/suspend`))
        .statusCode,
    ).toBe(200);
    const added = await call(t.app, admin.cookie, 'POST', '/api/admin/universities', {
      name: '監査大学',
      domains: ['audit-univ.example.ac.jp'],
    });
    expect(added.statusCode, added.body).toBe(201);

    const suspensions = await auditPage({ action: 'admin.user.suspend' });
    const suspension = suspensions.entries.find((e) => e.targetId === student.id)!;
    // The admin has no profile: the address stands for the name.
    expect(suspension.actor).toEqual({
      id: admin.user.id,
      email: 'audit-reader@example.com',
      name: null,
    });
    expect(suspension.targetName).toBe('監査 花子');
    const [university] = (await auditPage({ action: 'admin.university.create' })).entries;
    expect(university!.targetName).toBe('監査大学');
    // The system's entry has no actor; its target, an admin without a profile, is her address.
    const [bootstrap] = (await auditPage({ action: 'admin.bootstrap' })).entries;
    expect(bootstrap).toMatchObject({ actor: null, targetName: 'boot_admin@example.com' });
  });
});
