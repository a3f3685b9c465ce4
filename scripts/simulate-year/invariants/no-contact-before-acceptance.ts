import type { Invariant, Violation } from '../types';
import { outboxIdOf, violation } from './support';

const NAME = 'no-contact-before-acceptance';

/** An address as the mails and bodies carry it (what the simulated people's contact fields hold). */
const ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * No one's contact details reach the other side before a visit between them was agreed. The
 * contact fields are the sign-in address (users.email), a student's contact and university
 * addresses (students.contact_email, students.email) and an alumna's contact address
 * (mentors.contact_email, which she may show to every signed-in user: contact_visibility
 * 'signed_in' makes it public, not private). Checked where the rows keep what the other side
 * was mailed or could read:
 *   - every mail delivered to a person (by her current sign-in address) names no private address
 *     of another person unless a visit between the two was agreed at some time (meeting_at set:
 *     a visit cancelled after acceptance still let its mails name them). When the mail went is
 *     not compared with when the visit was agreed: no row keeps the moment of acceptance;
 *   - no thread message of a request never agreed, and no 座談会 post, carries a private address
 *     of its two sides (or its author), unmasked. A request's own texts are masked as read, not
 *     as stored (visits/contact-rule-service.ts), so their rows are not judged.
 * Admins read everything and are not a side.
 */
export const noContactBeforeAcceptance: Invariant = {
  name: NAME,
  when: ['daily', 'end'],
  async check(world) {
    const people = await world.query<{
      id: string;
      role: string;
      email: string;
      addresses: string[];
    }>(
      `select u.id, u.role, lower(u.email) as email,
              array_remove(array[lower(u.email), lower(s.contact_email), lower(s.email),
                case when m.contact_visibility = 'signed_in' then null else lower(m.contact_email) end,
                null], null) as addresses
         from users u
         left join students s on s.user_id = u.id
         left join mentors m on m.user_id = u.id`,
    );
    const agreed = await world.query<{ student_id: string; mentor_id: string }>(
      `select distinct student_id, mentor_id from visit_requests
        where meeting_at is not null and student_id is not null and mentor_id is not null`,
    );
    const pairs = new Set(
      agreed.flatMap((row) => [
        `${row.student_id}|${row.mentor_id}`,
        `${row.mentor_id}|${row.student_id}`,
      ]),
    );
    const publicAddresses = new Set(
      (
        await world.query<{ address: string }>(
          `select lower(contact_email) as address from mentors where contact_visibility = 'signed_in'`,
        )
      ).map((row) => row.address),
    );
    const ownerOf = new Map<string, string>();
    for (const person of people) {
      for (const address of person.addresses) {
        if (!publicAddresses.has(address)) ownerOf.set(address, person.id);
      }
    }
    const byEmail = new Map(people.map((person) => [person.email, person]));
    const violations: Violation[] = [];
    for (const mail of world.mails) {
      const reader = byEmail.get(mail.to.toLowerCase());
      if (!reader || reader.role === 'admin') continue;
      for (const address of new Set(mail.text.match(ADDRESS)?.map((a) => a.toLowerCase()) ?? [])) {
        const owner = ownerOf.get(address);
        if (!owner || owner === reader.id || pairs.has(`${reader.id}|${owner}`)) continue;
        violations.push(
          violation(NAME, `a mail to ${reader.id} (“${mail.subject}”) names ${owner}'s address`, [
            reader.id,
            owner,
            outboxIdOf(mail.messageId) ?? mail.messageId,
          ]),
        );
      }
    }
    const bodies = await world.query<{ id: string; where: string; body: string; sides: string[] }>(
      `select m.id, 'thread message of ' || r.id as where, m.body,
              array_remove(array[r.student_id::text, r.mentor_id::text], null) as sides
         from visit_messages m join visit_requests r on r.id = m.visit_request_id
        where r.meeting_at is null and m.body like '%@%'
       union all
       select p.id, '座談会 post of ' || p.session_id, p.body,
              array_remove(array[p.author_id::text], null)
         from group_session_posts p
        where p.body like '%@%'`,
    );
    for (const row of bodies) {
      for (const address of row.body.match(ADDRESS) ?? []) {
        const owner = ownerOf.get(address.toLowerCase());
        if (!owner || !row.sides.includes(owner)) continue;
        violations.push(
          violation(NAME, `the ${row.where} (${row.id}) shows ${owner}'s address`, [
            row.id,
            ...row.sides,
          ]),
        );
      }
    }
    return violations;
  },
};
