import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  INVITATION_TTL_MS,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  MENTOR_INVITATION_QUOTA,
} from '../../shared/constants';
import type { SessionUser } from '../../shared/schemas/auth';
import { isPlainEmail } from '../../shared/schemas/common';
import type {
  Invitation,
  InvitationQuota,
  InvitationRole,
  InvitationLookup,
} from '../../shared/schemas/invitations';
import type { Database, Executor, Transaction } from '../db/client';
import { lockEmailAddress, lockName } from '../db/locks';
import { invitations, mentors } from '../db/schema';
import { AppError } from '../errors';
import { refuseHeldAddress } from './address-queries';
import { recordAudit } from '../lib/audit';
import { randomFromAlphabet, randomToken, sha256 } from '../lib/secrets';
import { readSeminar } from './seminar-service';
import { mailLinks } from '../mail/mail-context';
import { enqueueMail } from '../mail/outbox';
import { invitationMail } from '../mail/templates';
import {
  countOpenInvitations,
  expireDueInvitations,
  hasOpenInvitation,
  invitationHistory,
  isPendingCodeInUse,
  isRegisteredAddress,
  removeAbandonedSignUp,
} from './queries';
import { VALIDATION } from '../../shared/messages/validation-keys';

export async function quotaOf(db: Executor, inviter: SessionUser): Promise<InvitationQuota> {
  if (inviter.role === 'admin') return { limit: null, remaining: null };
  const open = await countOpenInvitations(db, inviter.id);
  return { limit: MENTOR_INVITATION_QUOTA, remaining: Math.max(0, MENTOR_INVITATION_QUOTA - open) };
}

async function uniqueInviteCode(db: Executor): Promise<string> {
  for (;;) {
    const code = randomFromAlphabet(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH);
    if (!(await isPendingCodeInUse(db, code))) return code;
  }
}

/**
 * An invitation as its inviter is shown it. An alumna is not shown its code nor the link that
 * carries it: her invitee gets both by mail, and a session of hers in an intruder's hands
 * could otherwise invite any address and send the alumni form for it itself (issue 54: the
 * old address of an account it had moved). An admin still sees them, to help an invitee whose
 * mail went astray, as the admins' list of invitations does.
 */
function asSeenBy(inviter: SessionUser, row: typeof invitations.$inferSelect): Invitation {
  const seen: Invitation = {
    id: row.id,
    email: row.email,
    status: row.status,
    role: row.role,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
  if (inviter.role !== 'admin') return seen;
  return { ...seen, inviteCode: row.inviteCode, invitationUrl: row.invitationUrl };
}

export interface InvitationRequest {
  email: string;
  role?: InvitationRole | undefined;
  /** The inviter's personal line for the mail (issue 56, point 4). */
  message?: string | undefined;
}

/**
 * Creates an invitation and queues its e-mail in one transaction. Mentors hold at most three
 * open invitations and always invite as `mentor`; admins are unlimited and choose the role.
 */
export async function createInvitation(
  db: Database,
  inviter: SessionUser,
  input: InvitationRequest,
): Promise<Invitation> {
  const created = await db.transaction((tx) => createInvitationIn(tx, inviter, input));
  return asSeenBy(inviter, created);
}

/**
 * createInvitation inside the caller's transaction, for a change that must commit with it
 * (an admin's resend records its own audit entry beside the new invitation).
 */
export async function createInvitationIn(
  tx: Transaction,
  inviter: SessionUser,
  input: InvitationRequest,
) {
  const role: InvitationRole =
    inviter.role === 'admin' ? (input.role ?? 'mentor_pending') : 'mentor';
  await lockName(tx, `inviter:${inviter.id}`);
  await lockEmailAddress(tx, input.email);
  await expireDueInvitations(tx);
  const quota = await quotaOf(tx, inviter);
  if (quota.remaining !== null && quota.remaining <= 0) {
    throw new AppError('invitation/quota-exceeded');
  }
  await removeAbandonedSignUp(tx, input.email);
  if (await isRegisteredAddress(tx, input.email)) {
    throw new AppError('invitation/already-registered-as-mentor');
  }
  if (await hasOpenInvitation(tx, input.email)) throw new AppError('invitation/already-invited');

  const code = await uniqueInviteCode(tx);
  // The link carries a proof besides the code: a form opened from it proves the invitee read
  // her mail (a code typed by hand does not). Only the mail and the admins' copy hold the link.
  const proof = randomToken();
  const url = mailLinks(tx).invitation(input.email, code, proof);
  const [created] = await tx
    .insert(invitations)
    .values({
      email: input.email,
      inviteCode: code,
      role,
      inviterId: inviter.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      invitationUrl: url,
      proofHash: sha256(proof),
    })
    .returning();
  const [inviterProfile] = await tx
    .select({ name: mentors.name })
    .from(mentors)
    .where(eq(mentors.userId, inviter.id))
    .limit(1);
  await enqueueMail(tx, {
    to: input.email,
    ...invitationMail(url, code, inviterProfile?.name ?? null, created!.expiresAt, {
      seminar: await readSeminar(tx),
      message: input.message ?? null,
    }),
  });
  await recordAudit(tx, {
    actorId: inviter.id,
    action: 'invitation.create',
    targetType: 'invitation',
    targetId: created!.id,
    details: { role },
  });
  return created!;
}

export async function listInvitations(db: Database, inviter: SessionUser) {
  await expireDueInvitations(db);
  const [history, quota] = await Promise.all([
    invitationHistory(db, inviter.id),
    quotaOf(db, inviter),
  ]);
  return { invitations: history.map((row) => asSeenBy(inviter, row)), quota };
}

/**
 * The invitation lookup (docs/PRODUCT.md §5): a pending invitation for this address and code, the
 * pair always. The older link form carries only the code, and a code alone never finds an
 * invitation: the page asks the invitee to type the address, so a code seen on
 * an inviter's screen or a shared link does not reveal who was invited. Expiry is applied on
 * the way.
 */
export async function findUsableInvitation(
  db: Executor,
  email: string | undefined,
  code: string | undefined,
) {
  const normalizedCode = code?.trim().toUpperCase();
  const normalizedEmail = email?.trim().toLowerCase();
  if (!normalizedCode || !normalizedEmail) throw new AppError('invitation/invalid-link');
  if (!isPlainEmail(normalizedEmail)) {
    throw new AppError('invalid-argument', { email: VALIDATION.emailInvalid });
  }
  await expireDueInvitations(db);
  const candidates = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.inviteCode, normalizedCode),
        eq(invitations.email, normalizedEmail),
        inArray(invitations.status, ['pending', 'expired']),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(5);
  // A code is unique among pending invitations only: an expired one may share it.
  const found =
    candidates.find((row) => row.status === 'pending') ??
    candidates.find((row) => row.status === 'expired');
  if (!found) throw new AppError('invitation/invalid-or-used');
  if (found.status === 'expired') throw new AppError('invitation/expired');
  // An invitation sent before the hold does not get round it.
  await refuseHeldAddress(db, found.email);
  return found;
}

/** The pair checked: answers with the role, and the address only as the caller typed it. */
export async function lookUpInvitation(
  db: Database,
  email: string | undefined,
  code: string | undefined,
): Promise<InvitationLookup> {
  const invitation = await findUsableInvitation(db, email, code);
  return { email: invitation.email, role: invitation.role };
}
