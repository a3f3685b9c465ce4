import { HOUR_MS } from '../clock-driver';
import { icon, mentorFields, multipart } from './forms';
import { hourWeight } from '../calendar';
import {
  ok,
  recordOutcome,
  refreshRequest,
  requestAction,
  type Action,
  type ActionContext,
  type Person,
} from '../model';
import type { Rng } from '../prng';

/** The alumni: register from the invitation, publish 予約枠, answer requests, pause, meet. */

export const registerAlumni: Action = {
  name: 'alumni.register',
  weight: ({ model }) => (model.who('alumni', 'invited').length > 0 ? 6 : 0),
  async run({ model, rng, world }) {
    const alumni = rng.pick(model.who('alumni', 'invited'));
    const mail = [...world.mails]
      .reverse()
      .find(
        (m) => m.to === alumni.email && m.links.some((link) => link.includes('/mentor-register?')),
      );
    const link = mail?.links.find((url) => url.includes('/mentor-register?'));
    if (!link) return false;
    const params = new URL(link).searchParams;
    const fields: Record<string, string> = {
      email: alumni.email,
      code: params.get('code') ?? '',
      ...mentorFields(alumni, rng.int(2008, 2022), rng),
    };
    const proof = params.get('proof');
    if (proof) fields.proof = proof;
    const since = world.mails.length;
    const answer = await alumni.client.call('POST', '/api/mentor-registrations', {
      multipart: await multipart(fields, await icon()),
      retrySignIn: false,
    });
    // Her invitation lapsed before she used it: the admins invite her again.
    if ((answer.json as { code?: string } | undefined)?.code === 'invitation/expired') {
      alumni.status = 'absent';
      return true;
    }
    if (!ok(answer.status)) return false;
    if (!(answer.json as { signedIn?: boolean }).signedIn) {
      const verify = await alumni.client.mailSince(since, (m) =>
        m.links.some((l) => l.includes('/auth/verify-email?token=')),
      );
      const verifyLink = verify?.links.find((l) => l.includes('/auth/verify-email?token='));
      if (!verifyLink) return false;
      const completed = await alumni.client.call('POST', '/api/auth/complete-link', {
        body: { token: new URL(verifyLink).searchParams.get('token'), email: alumni.email },
      });
      if (completed.status !== 200) return false;
    }
    await alumni.client.learnUserId();
    const profile = await alumni.client.call('GET', '/api/mentors/me');
    if (profile.status !== 200) return false;
    alumni.urlParam = (profile.json as { urlParam: string }).urlParam;
    alumni.status = 'active';
    return true;
  },
};

/** Her 予約枠: two to four weekly windows, online or at a café, some on holidays too. */
function windows(rng: Rng) {
  const days = [0, 1, 2, 3, 4, 5, 6].filter(() => rng.chance(0.45));
  if (days.length === 0) days.push(rng.int(0, 6));
  const inPerson = rng.chance(0.3);
  const evening = rng.chance(0.5);
  const autoAccept = rng.chance(0.3);
  return {
    bookingEnabled: true,
    slotMinutes: rng.pick([30, 45, 60, 90]),
    noticeHours: rng.pick([48, 72]),
    aheadDays: rng.pick([14, 30, 45]),
    bufferMinutes: rng.pick([0, 15, 30]),
    onHolidays: rng.chance(0.3),
    autoAccept,
    // 自動で承諾 asks her to confirm the rules once, as the form does.
    ...(autoAccept ? { rulesConfirmed: true } : {}),
    rules: days.map((weekday) => ({
      kind: 'weekly' as const,
      weekday,
      start: evening ? '18:00' : '10:00',
      end: evening ? '20:00' : '12:00',
      meetingFormat: inPerson ? ('in_person' as const) : ('online' as const),
      ...(inPerson ? { placeKind: 'public' as const, meetingPlace: '駅前のカフェ' } : {}),
    })),
  };
}

export const publishSlots: Action = {
  name: 'alumni.publish',
  weight: ({ model }) => (model.who('alumni').some((a) => !a.published) ? 4 : 0.2),
  async run({ model, rng }) {
    const unpublished = model.who('alumni').filter((a) => !a.published);
    const pool = unpublished.length > 0 ? unpublished : model.who('alumni');
    if (pool.length === 0) return false;
    const alumni = rng.pick(pool);
    const answer = await alumni.client.call('PUT', '/api/mentors/me/booking', {
      body: windows(rng),
    });
    if (ok(answer.status)) alumni.published = true;
    return ok(answer.status);
  },
};

const requestsAwaiting = ({ model }: ActionContext, mentor?: Person) =>
  model.requestList(
    (r) =>
      r.status === 'pending' &&
      (mentor === undefined || r.mentor === mentor.handle) &&
      model.person(r.mentor).status === 'active' &&
      r.awaiting !== 'student',
  );

export const answerRequest: Action = {
  name: 'alumni.answer',
  weight: (context) => (requestsAwaiting(context).length > 0 ? 5 * hourWeight(context.now()) : 0),
  async run(context) {
    const { model, rng, texts } = context;
    const awaiting = requestsAwaiting(context);
    if (awaiting.length === 0) return false;
    const request = rng.pick(awaiting);
    const alumni = model.person(request.mentor);
    // Only a time still ahead can be agreed (an hour's margin): else she proposes others.
    const ahead = (time: number) => time > context.now() + HOUR_MS;
    const slotIndex = request.preferredSlots.findIndex(ahead);
    const proposed = request.proposalTimes.find((time) => ahead(Date.parse(time)));
    let choice = rng.weighted(['accept', 'decline', 'propose'], [6, 1, 2]);
    if (choice === 'accept' && (request.proposalTimes.length > 0 ? !proposed : slotIndex < 0)) {
      choice = 'propose';
    }
    const online = request.meetingFormat === 'online';
    let body: object;
    let action: string;
    if (choice === 'accept' && request.proposalTimes.length > 0) {
      action = 'accept-proposal';
      body = {
        time: proposed,
        safetyRulesConfirmed: true,
        placeKind: online ? 'online' : 'public',
        ...(online ? {} : { meetingPlace: '駅前のカフェ' }),
      };
    } else if (choice === 'accept') {
      action = 'accept';
      body = {
        slotIndex,
        safetyRulesConfirmed: true,
        placeKind: online ? 'online' : 'public',
        ...(online ? {} : { meetingPlace: '駅前のカフェ' }),
      };
    } else if (choice === 'decline') {
      action = 'decline';
      body = { message: texts.pick(['都合がつかず申し訳ありません。', '今月は難しいです。']) };
    } else {
      action = 'propose';
      const base = Math.ceil(context.now() / HOUR_MS) * HOUR_MS + rng.int(3, 10) * 24 * HOUR_MS;
      const day = base - (base % (24 * HOUR_MS)); // 09:00 JST that day
      body = {
        proposedTimes: [jstAt(day, rng.pick([10, 14, 19]))],
        message: 'この時間はいかがでしょうか。',
        safetyRulesConfirmed: true,
        placeKind: online ? 'online' : 'public',
        ...(online ? {} : { meetingPlace: '駅前のカフェ' }),
      };
    }
    const answer = await alumni.client.call('POST', `/api/visit-requests/${request.id}/${action}`, {
      body,
    });
    // Seen or not, the request is read again: the model holds only what the site answered.
    await refreshRequest(request, alumni);
    return ok(answer.status);
  },
};

/** "YYYY-MM-DDTHH:mm" in Japan time at `hour` on the Japanese day of `day`. */
function jstAt(day: number, hour: number): string {
  const date = new Date(day + 9 * HOUR_MS).toISOString().slice(0, 10);
  return `${date}T${String(hour).padStart(2, '0')}:00`;
}

export const pauseOrResume: Action = {
  name: 'alumni.pause',
  weight: ({ model }) => (model.who('alumni').length > 0 ? 0.3 : 0),
  async run({ model, rng }) {
    const alumni = rng.pick(model.who('alumni'));
    const profile = await alumni.client.call('GET', '/api/mentors/me');
    if (profile.status !== 200) return false;
    const settings = {
      ...(profile.json as { visitSettings: Record<string, unknown> }).visitSettings,
    };
    delete settings.requestsThisMonth;
    delete settings.autoPaused;
    delete settings.contactEmail;
    const accepting = !settings.acceptingRequests;
    const answer = await alumni.client.call('PUT', '/api/mentors/me/visit-settings', {
      body: { ...settings, acceptingRequests: accepting },
    });
    if (ok(answer.status)) alumni.paused = !accepting;
    return ok(answer.status);
  },
};

/** After the meeting: 実施済み, or the student did not come. */
export const alumniOutcome = requestAction(
  'alumni.outcome',
  3,
  ({ model, now }) =>
    model.requestList(
      (r) =>
        r.status === 'accepted' &&
        (r.meetingAt ?? Infinity) < now() &&
        !r.mentorOutcome &&
        model.person(r.mentor).status === 'active',
    ),
  ({ model, rng }, request) =>
    recordOutcome(request, model.person(request.mentor), rng, {
      chance: 0.08,
      reason: 'お見えになりませんでした。',
    }),
);

/** The alumna consents to a note offered about her visit, with her name shown or not. */
export const consentToNote = requestAction(
  'alumni.consent',
  2,
  ({ model }) =>
    model.requestList(
      (r) => !!r.noteShared && !r.noteConsented && model.person(r.mentor).status === 'active',
    ),
  async ({ model, rng }, request) => {
    const alumni = model.person(request.mentor);
    const answer = await alumni.client.call('POST', `/api/visit-notes/${request.noteId}/consent`, {
      body: { showName: rng.chance(0.5) },
    });
    // Answered or refused (withdrawn meanwhile), she is not asked again.
    if (answer.status !== 0 && answer.status < 500) request.noteConsented = true;
    return ok(answer.status);
  },
);

export const ALUMNI_ACTIONS: Action[] = [
  consentToNote,
  registerAlumni,
  publishSlots,
  answerRequest,
  pauseOrResume,
  alumniOutcome,
];
