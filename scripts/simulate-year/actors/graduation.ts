import { seasonWeight } from '../calendar';
import { ok, type Action } from '../model';
import { icon, mentorFields, multipart } from './forms';

/**
 * Graduation into OG (src/server/graduation): a student of the last grade applies with a
 * personal address and an alumni profile, follows the link mailed to that address, and an
 * admin approves her; from then on she signs in with the personal address as an alumna.
 */

export const applyToGraduate: Action = {
  name: 'student.graduate',
  weight: ({ model, now }) =>
    model.who('student').length > 0 ? 1.5 * seasonWeight('graduate', now()) : 0,
  async run({ model, rng, world }) {
    const candidates = model.who('student');
    if (candidates.length === 0) return false;
    const student = rng.pick(candidates);
    const status = await student.client.call('GET', '/api/graduation');
    if (status.status !== 200) return false;
    const answer = status.json as {
      eligible: boolean;
      prefill: { graduationYear: number };
    };
    if (!answer.eligible) return false;
    const personal = `${student.marker}-og@example.com`;
    const since = world.mails.length;
    const applied = await student.client.call('POST', '/api/graduation', {
      multipart: await multipart(
        { ...mentorFields(student, answer.prefill.graduationYear, rng), email: personal },
        await icon(),
      ),
    });
    if (!ok(applied.status)) return false;
    const previous = student.client.email;
    student.client.email = personal;
    const mail = await student.client.mailSince(since, (m) =>
      m.links.some((l) => l.includes('/graduation/confirm?token=')),
    );
    const link = mail?.links.find((l) => l.includes('/graduation/confirm?token='));
    if (!link) {
      student.client.email = previous;
      return false;
    }
    const confirmed = await student.client.call('POST', '/api/graduation/confirm', {
      body: { token: new URL(link).searchParams.get('token') },
    });
    if (!ok(confirmed.status)) {
      student.client.email = previous;
      return false;
    }
    student.email = personal;
    student.graduating = true;
    return true;
  },
};

export const approveGraduate: Action = {
  name: 'admin.approve-graduate',
  weight: ({ model }) => (model.graduating().length > 0 && model.who('admin').length > 0 ? 4 : 0),
  async run({ model, rng }) {
    const waiting = model.graduating().filter((s) => s.client.userId);
    if (waiting.length === 0) return false;
    const graduate = rng.pick(waiting);
    const admin = rng.pick(model.who('admin'));
    const answer = await admin.client.call(
      'PUT',
      `/api/admin/users/${graduate.client.userId}/role`,
      {
        body: { role: 'mentor' },
      },
    );
    if (!ok(answer.status)) return false;
    // The role change signed her out: she signs in with her personal address next time.
    graduate.client.cookies.clear();
    graduate.role = 'alumni';
    graduate.graduating = false;
    graduate.graduated = true;
    if (!(await graduate.client.signIn())) return true;
    const profile = await graduate.client.call('GET', '/api/mentors/me');
    if (profile.status === 200) graduate.urlParam = (profile.json as { urlParam: string }).urlParam;
    return true;
  },
};

/**
 * Someone moves to a new address: an alumna to any, a student to another of her university's
 * (the site refuses any other); the link mailed to it, then confirmed.
 */
export const changeAddress: Action = {
  name: 'change-address',
  weight: ({ model }) => (model.who(['alumni', 'student']).length > 0 ? 0.08 : 0),
  async run({ model, rng, world }) {
    const person = rng.pick(model.who(['alumni', 'student']));
    const domain = person.role === 'student' ? person.email.split('@')[1]! : 'example.net';
    const next = `${person.marker}-new${rng.int(1, 99)}@${domain}`;
    const since = world.mails.length;
    const requested = await person.client.call('POST', '/api/me/email-change', {
      body: { email: next },
    });
    if (!ok(requested.status)) return false;
    const previous = person.client.email;
    person.client.email = next;
    const mail = await person.client.mailSince(since, (m) =>
      m.links.some((l) => l.includes('/email-change?token=')),
    );
    const link = mail?.links.find((l) => l.includes('/email-change?token='));
    const confirmed = link
      ? await person.client.call('POST', '/api/email-change/confirm', {
          body: { token: new URL(link).searchParams.get('token') },
        })
      : undefined;
    if (!confirmed || !ok(confirmed.status)) {
      person.client.email = previous;
      return false;
    }
    person.email = next;
    return true;
  },
};

export const GRADUATION_ACTIONS: Action[] = [applyToGraduate, approveGraduate, changeAddress];
