import type { NotificationKind } from '../../shared/constants';
import type { Executor } from '../db/client';
import { mailRow } from '../mail/outbox';
import type { Addressee, RenderedMail } from '../mail/templates';
import { queueOutbox } from '../outbox/queue';
import { isBellKind, TELL_KINDS, type TellKind } from './kinds';
import { pushRows } from './push/sender';
import { pushOfNotification } from './push/service';
import { mailRecipient, writeBellEntry } from './service';

/** What the bell entry of a telling says: the request it is about, and who did it. */
export interface BellFacts {
  /** null: the request is gone (a note outlives it): no bell entry, as the bell lists requests. */
  visitRequestId: string | null;
  /** The other side's name as the bell shows it ('' for no one, or one gone with the account). */
  actorName: string;
  /** The introduction (紹介) it is about, for its kinds: they come before any request. */
  introductionId?: string;
  /** The 座談会 it is about, for its kinds (no request either). */
  groupSessionId?: string;
}

/**
 * The words of a mail, written once `tell` knows the person gets one (`recipient`: the name
 * the mail opens with, null when the account has none yet, and the language the person chose).
 */
export type MailWords = (recipient: Addressee) => RenderedMail | Promise<RenderedMail>;

export type Telling<K extends TellKind = TellKind> = {
  userId: string;
  kind: K;
  /**
   * The mail's words; absent, no mail this time even where the kind mails (its caller gathers
   * mail: at most one a day of a note's repeats, say).
   */
  mail?: MailWords;
} & (K extends NotificationKind ? { facts: BellFacts } : { facts?: undefined });

/**
 * Tells one person with an account of something that happened to them (decision 0034), in the
 * transaction of the change that caused it: writes the bell entry where the kind has one, and
 * queues one outbox row per channel the person gets: the mail unless they turned that event off
 * on /profile (or their account is gone), a push to each browser that asked for them while the
 * entry is new to them. The kinds' table (kinds.ts) alone decides which channels a kind has.
 * Resolves whether a mail was queued. Mail to an address that is no one's account yet goes by
 * enqueueMail (mail/outbox.ts), into the same outbox.
 */
export async function tell<K extends TellKind>(
  tx: Executor,
  telling: Telling<K>,
  options: { gather?: boolean } = {},
): Promise<{ mailed: boolean }> {
  const { userId, kind } = telling;
  const definition = TELL_KINDS[kind];
  const rows: Parameters<typeof queueOutbox>[1] = [];
  const facts = telling.facts as BellFacts | undefined;
  if (
    isBellKind(kind) &&
    (facts?.visitRequestId || facts?.introductionId || facts?.groupSessionId)
  ) {
    const entry = {
      userId,
      kind,
      actorName: facts.actorName,
      visitRequestId: facts.visitRequestId,
      introductionId: facts.introductionId ?? null,
      groupSessionId: facts.groupSessionId ?? null,
    };
    const fresh = await writeBellEntry(tx, entry, options);
    if (fresh && definition.push)
      rows.push(...(await pushRows(tx, userId, (language) => pushOfNotification(entry, language))));
  }
  let mailed = false;
  if (definition.mail !== null && telling.mail) {
    const event = definition.mail === 'always' ? undefined : definition.mail;
    const account = await mailRecipient(tx, userId, event);
    if (account) {
      const words = await telling.mail({ name: account.name, language: account.language });
      rows.push(mailRow({ to: account.email, ...words }));
      mailed = true;
    }
  }
  await queueOutbox(tx, rows);
  return { mailed };
}
