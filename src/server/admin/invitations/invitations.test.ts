import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_SIZE,
  type AdminInvitation,
  type AdminInvitationPage,
} from '../../../shared/schemas/admin';
import { invitations, users } from '../../db/schema';
import {
  auditEntries,
  call,
  expectError,
  expectOk,
  insertAdmin,
  insertInvitation,
  invitationRow,
} from '../../test/factories/admins';
import { createTestApp, latestMailTo, type TestApp } from '../../test/app';
import {
  cookieFor,
  insertMentor,
  jpeg,
  mentorFields,
  multipartBody,
  nextIp,
} from '../../test/factories/mentors';

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await insertAdmin(t.app, 'invitations-admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

async function listInvitations(query: Record<string, string> = {}) {
  const response = await call(
    t.app,
    admin.cookie,
    'GET',
    `/api/admin/invitations?${new URLSearchParams(query)}`,
  );
  return expectOk(response) as unknown as AdminInvitationPage;
}

function revoke(id: string) {
  return call(t.app, admin.cookie, 'POST', `/api/admin/invitations/${id}/revoke`);
}

function resend(id: string) {
  return call(t.app, admin.cookie, 'POST', `/api/admin/invitations/${id}/resend`);
}

function lookup(email: string, code: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/invitations/lookup?${new URLSearchParams({ email, code })}`,
    remoteAddress: nextIp(),
  });
}

describe('the invitation list (GET /api/admin/invitations)', () => {
  it('shows every invitation newest first, with its inviter', async () => {
    const { user: og } = await insertMentor(t.app, {
      email: 'inviting-og@example.com',
      name: '招待する 先輩',
    });
    const byMentor = await insertInvitation(t.app, {
      email: 'guest-of-og@example.com',
      inviterId: og.id,
    });
    const byAdmin = await insertInvitation(t.app, {
      email: 'guest-of-admin@example.com',
      inviterId: admin.user.id,
      role: 'mentor_pending',
    });
    const orphan = await insertInvitation(t.app, { email: 'guest-of-nobody@example.com' });

    const page = await listInvitations();
    const ids = page.invitations.map((i) => i.id);
    expect(ids.slice(0, 3)).toEqual([orphan.id, byAdmin.id, byMentor.id]);
    expect(page.invitations.find((i) => i.id === byMentor.id)).toEqual({
      id: byMentor.id,
      email: 'guest-of-og@example.com',
      inviteCode: byMentor.inviteCode,
      role: 'mentor',
      status: 'pending',
      inviter: { id: og.id, email: 'inviting-og@example.com', name: '招待する 先輩' },
      createdAt: byMentor.createdAt.toISOString(),
      expiresAt: byMentor.expiresAt.toISOString(),
      completedAt: null,
      expiredAt: null,
      revoked: false,
    });
    expect(page.invitations.find((i) => i.id === byAdmin.id)).toMatchObject({
      role: 'mentor_pending',
      inviter: { id: admin.user.id, email: 'invitations-admin@example.com', name: null },
    });
    expect(page.invitations.find((i) => i.id === orphan.id)!.inviter).toBeNull();
  });

  it('applies expiry before listing and filters by status', async () => {
    const due = await insertInvitation(t.app, {
      email: 'overdue@example.com',
      expiresIn: '-1 minute',
    });
    const expired = await listInvitations({ status: 'expired' });
    expect(expired.invitations.find((i) => i.id === due.id)).toMatchObject({
      status: 'expired',
      revoked: false,
    });
    expect(expired.invitations.every((i) => i.status === 'expired')).toBe(true);
    const pending = await listInvitations({ status: 'pending' });
    expect(pending.invitations.map((i) => i.id)).not.toContain(due.id);
    expect((await invitationRow(t.app, due.id))!.expiredAt).toBeInstanceOf(Date);
  });

  it("finds by part of the invited address, the inviter's address or name", async () => {
    const { user: og } = await insertMentor(t.app, {
      email: 'findable-inviter@example.com',
      name: '検索 できる先輩',
    });
    const mine = await insertInvitation(t.app, {
      email: 'needle_guest@example.com',
      inviterId: og.id,
    });
    const found = async (q: string) => (await listInvitations({ q })).invitations.map((i) => i.id);
    expect(await found('NEEDLE_')).toEqual([mine.id]);
    expect(await found('findable-inviter')).toEqual([mine.id]);
    expect(await found('できる先輩')).toEqual([mine.id]);
    expect(await found('%')).toEqual([]);
  });

  it('pages with a cursor through invitations created in the same instant', async () => {
    const count = ADMIN_PAGE_SIZE + 3;
    await t.app.ctx.db.insert(invitations).values(
      Array.from({ length: count }, (_, i) => ({
        email: `bulk-invitee-${i}@example.com`,
        inviteCode: `B${String(i).padStart(5, '0')}`,
        expiresAt: sql`now() + interval '7 days'`,
        invitationUrl: 'x',
      })),
    );
    const first = await listInvitations({ q: 'bulk-invitee-' });
    expect(first.invitations).toHaveLength(ADMIN_PAGE_SIZE);
    const second = await listInvitations({ q: 'bulk-invitee-', cursor: first.nextCursor! });
    expect(second.invitations).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.invitations, ...second.invitations].map((i) => i.id));
    expect(ids.size).toBe(count);
  });
});

describe('revoking (POST /api/admin/invitations/:id/revoke)', () => {
  it('expires a pending invitation at once, so its link and code no longer work', async () => {
    const { user: og } = await insertMentor(t.app);
    const ogCookie = await cookieFor(t.app, og.id);
    const created = await call(t.app, ogCookie, 'POST', '/api/invitations', {
      email: 'revoked-guest@example.com',
    });
    const { id } = expectOk(created, 201) as { id: string };
    // An alumna is not shown the code (only the invitee's mail carries it): read it from the row.
    const invitation = { id, inviteCode: (await invitationRow(t.app, id))!.inviteCode };
    expect((await lookup('revoked-guest@example.com', invitation.inviteCode)).statusCode).toBe(200);

    const revoked = expectOk(await revoke(invitation.id)) as unknown as AdminInvitation;
    expect(revoked).toMatchObject({ id: invitation.id, status: 'expired', revoked: true });
    expect(revoked.expiredAt).toEqual(expect.any(String));
    const row = await invitationRow(t.app, invitation.id);
    expect(row!.revokedAt).toBeInstanceOf(Date);
    expect(row!.expiredAt).toEqual(row!.revokedAt);

    expectError(
      await lookup('revoked-guest@example.com', invitation.inviteCode),
      410,
      'invitation/expired',
    );
    const body = await multipartBody(
      { email: 'revoked-guest@example.com', code: invitation.inviteCode, ...mentorFields() },
      { content: await jpeg(400, 400) },
    );
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/mentor-registrations',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
      remoteAddress: nextIp(),
    });
    expectError(registration, 410, 'invitation/expired');
    const [registered] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'revoked-guest@example.com'));
    expect(registered).toBeUndefined();

    // The inviter's history on /invite-mentor shows it as expired, and the place is free.
    const history = await call(t.app, ogCookie, 'GET', '/api/invitations');
    const mine = (expectOk(history) as { invitations: { id: string; status: string }[] })
      .invitations;
    expect(mine).toEqual([expect.objectContaining({ id: invitation.id, status: 'expired' })]);
    expect(expectOk(history).quota).toEqual({ limit: 3, remaining: 3 });
    expect(Object.keys(mine[0]!)).not.toContain('revokedAt');

    const [entry] = await auditEntries(t.app, 'admin.invitation.revoke', invitation.id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'invitation' });
  });

  it('refuses an invitation that is not pending', async () => {
    const completed = await insertInvitation(t.app, { status: 'completed' });
    const expired = await insertInvitation(t.app, { status: 'expired' });
    const overdue = await insertInvitation(t.app, { expiresIn: '-1 minute' });
    for (const invitation of [completed, expired, overdue]) {
      expectError(await revoke(invitation.id), 409, 'invitation/not-pending');
      expect((await invitationRow(t.app, invitation.id))!.revokedAt).toBeNull();
    }
    expect((await invitationRow(t.app, completed.id))!.status).toBe('completed');
    expectError(await revoke(randomUUID()), 404, 'not-found');
  });
});

describe('sending again (POST /api/admin/invitations/:id/resend)', () => {
  it('creates a new pending invitation to the same address and role, and mails it', async () => {
    const previous = await insertInvitation(t.app, {
      email: 'second-chance@example.com',
      role: 'mentor_pending',
      status: 'expired',
    });
    const response = await resend(previous.id);
    const fresh = expectOk(response, 201) as unknown as AdminInvitation;
    expect(fresh).toMatchObject({
      email: 'second-chance@example.com',
      role: 'mentor_pending',
      status: 'pending',
      revoked: false,
      inviter: { id: admin.user.id, email: 'invitations-admin@example.com', name: null },
    });
    expect(fresh.id).not.toBe(previous.id);
    expect(new Date(fresh.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await invitationRow(t.app, previous.id))!.status).toBe('expired');

    const mail = await latestMailTo(t.app, 'second-chance@example.com');
    expect(mail!.text).toContain(fresh.inviteCode);
    expect((await lookup('second-chance@example.com', fresh.inviteCode)).json()).toEqual({
      email: 'second-chance@example.com',
      role: 'mentor_pending',
    });

    const [entry] = await auditEntries(t.app, 'admin.invitation.resend', fresh.id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetType: 'invitation',
      details: { previousInvitationId: previous.id },
    });
    expect(await auditEntries(t.app, 'invitation.create', fresh.id)).toHaveLength(1);
  });

  it('sends a revoked invitation again, and one whose expiry was not yet recorded', async () => {
    const revokedOne = await insertInvitation(t.app, { email: 'revoke-then-resend@example.com' });
    expectOk(await revoke(revokedOne.id));
    expect(expectOk(await resend(revokedOne.id), 201)).toMatchObject({ status: 'pending' });

    const overdue = await insertInvitation(t.app, {
      email: 'overdue-resend@example.com',
      expiresIn: '-1 minute',
    });
    expect(expectOk(await resend(overdue.id), 201)).toMatchObject({ status: 'pending' });
    expect((await invitationRow(t.app, overdue.id))!.status).toBe('expired');
  });

  it('refuses an invitation that has not expired', async () => {
    const pending = await insertInvitation(t.app);
    const completed = await insertInvitation(t.app, { status: 'completed' });
    expectError(await resend(pending.id), 409, 'invitation/not-expired');
    expectError(await resend(completed.id), 409, 'invitation/not-expired');
    expectError(await resend(randomUUID()), 404, 'not-found');
  });

  it('applies the checks of any invitation: already registered, already invited', async () => {
    await insertMentor(t.app, { email: 'joined-meanwhile@example.com' });
    const toRegistered = await insertInvitation(t.app, {
      email: 'joined-meanwhile@example.com',
      status: 'expired',
    });
    expectError(await resend(toRegistered.id), 409, 'invitation/already-registered-as-mentor');

    const old = await insertInvitation(t.app, {
      email: 'invited-again@example.com',
      status: 'expired',
    });
    await insertInvitation(t.app, { email: 'invited-again@example.com' });
    const resendsBefore = (await auditEntries(t.app, 'admin.invitation.resend')).length;
    expectError(await resend(old.id), 409, 'invitation/already-invited');
    const rows = await t.app.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'invited-again@example.com'));
    expect(rows).toHaveLength(2);
    expect(await auditEntries(t.app, 'admin.invitation.resend')).toHaveLength(resendsBefore);
  });
});
