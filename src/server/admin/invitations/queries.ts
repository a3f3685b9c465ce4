import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminInvitation,
  type AdminInvitationListQuery,
  type AdminInvitationPage,
} from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import { containing, cursorTimeOf, olderThanCursor, toPage } from '../../db/paging';
import { invitations, mentors, users } from '../../db/schema';
import { expireDueInvitations } from '../../invitations';

/** Invitations with their inviter's address and, for alumni, name. */
function selectAdminInvitations(db: Executor) {
  return db
    .select({
      invitation: invitations,
      cursorTime: cursorTimeOf(invitations.createdAt),
      inviterId: users.id,
      inviterEmail: users.email,
      inviterName: mentors.name,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.inviterId))
    .leftJoin(mentors, eq(mentors.userId, invitations.inviterId));
}

type AdminInvitationRow = Awaited<ReturnType<typeof selectAdminInvitations>>[number];

function toAdminInvitation(row: AdminInvitationRow): AdminInvitation {
  const { invitation } = row;
  return {
    id: invitation.id,
    email: invitation.email,
    inviteCode: invitation.inviteCode,
    role: invitation.role,
    status: invitation.status,
    inviter:
      row.inviterId !== null && row.inviterEmail !== null
        ? { id: row.inviterId, email: row.inviterEmail, name: row.inviterName }
        : null,
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    completedAt: invitation.completedAt,
    expiredAt: invitation.expiredAt,
    revoked: invitation.revokedAt !== null,
  };
}

export async function findAdminInvitation(
  db: Executor,
  id: string,
): Promise<AdminInvitation | undefined> {
  const [row] = await selectAdminInvitations(db).where(eq(invitations.id, id)).limit(1);
  return row && toAdminInvitation(row);
}

function filterConditions(query: AdminInvitationListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    conditions.push(
      or(
        ilike(invitations.email, pattern),
        ilike(users.email, pattern),
        ilike(mentors.name, pattern),
      )!,
    );
  }
  if (query.status) conditions.push(eq(invitations.status, query.status));
  const older = olderThanCursor(invitations.createdAt, invitations.id, query.cursor);
  if (older) conditions.push(older);
  return conditions;
}

/** One page of every invitation, newest first, with expiry applied first. */
export async function listAdminInvitations(
  db: Executor,
  query: AdminInvitationListQuery,
): Promise<AdminInvitationPage> {
  await expireDueInvitations(db);
  const rows = await selectAdminInvitations(db)
    .where(and(...filterConditions(query)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = toPage(rows, ADMIN_PAGE_SIZE, (row) => ({
    time: row.cursorTime,
    id: row.invitation.id,
  }));
  return { invitations: page.items.map(toAdminInvitation), nextCursor: page.nextCursor };
}
