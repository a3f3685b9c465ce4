import { describe, expect, it, vi } from 'vitest';
import type { Database, Transaction } from '../db/client';
import { linksOn } from './links';
import { outboxQueued } from '../outbox/wake';
import { connectMail, mailLinks } from './mail-context';

const ORIGIN = 'https://og.example.jp';

/** A database as far as the mail layer sees one: it opens transactions. */
function fakeDatabase() {
  const db = {
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => work({} as Transaction),
  } as unknown as Database;
  return { db };
}

describe('mail links', () => {
  it('name each page a mail links to, on the origin, as the pages read them', () => {
    const links = linksOn(ORIGIN);
    expect(links.visitRequest('abc')).toBe(`${ORIGIN}/visit-requests/abc`);
    expect(links.visitRequestCancel('abc')).toBe(`${ORIGIN}/visit-requests/abc?cancel=1`);
    expect(links.openReports()).toBe(`${ORIGIN}/admin/reports?status=open`);
    expect(links.invitation('a+b@example.com', 'QWERTY')).toBe(
      `${ORIGIN}/mentor-register?email=a%2Bb%40example.com&code=QWERTY`,
    );
    expect(links.signIn('t0k-_')).toBe(`${ORIGIN}/auth/verify-email?token=t0k-_`);
    expect(links.signIn('t0k-_', 'verify')).toBe(
      `${ORIGIN}/auth/verify-email?token=t0k-_&for=mentor-registration`,
    );
    expect(links.studentRegistration('t0k-_')).toBe(`${ORIGIN}/auth/verify-email?token=t0k-_`);
    expect(links.emailChangeUndo('t0k')).toBe(`${ORIGIN}/email-change/undo?token=t0k`);
    expect(links.graduation()).toBe(`${ORIGIN}/graduation`);
  });

  it('are made on the origin the app connected, in its transactions too', async () => {
    const { db } = fakeDatabase();
    connectMail(db, ORIGIN, () => {});
    expect(mailLinks(db).mentorProfile()).toBe(`${ORIGIN}/mentor-profile`);
    await db.transaction(async (tx) => {
      expect(mailLinks(tx).mentorsList()).toBe(`${ORIGIN}/mentors-list`);
    });
  });

  it('follow an app built anew on the same database, whose worker alone is woken', async () => {
    const { db } = fakeDatabase();
    const first = vi.fn();
    const second = vi.fn();
    connectMail(db, 'http://localhost:3000', first);
    connectMail(db, ORIGIN, second);
    expect(mailLinks(db).graduation()).toBe(`${ORIGIN}/graduation`);
    await db.transaction(async (tx) => {
      outboxQueued(tx);
      expect(second).not.toHaveBeenCalled();
    });
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('are refused for a database no app connected, instead of a link to nowhere', () => {
    expect(() => mailLinks({} as Database)).toThrow(/not connected/);
  });
});
