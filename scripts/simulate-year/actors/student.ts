import { SAFE_END_ASK_AFTER_HOURS } from '../../../src/shared/constants';
import { HOUR_MS } from '../clock-driver';
import { hourWeight, jstLocal, seasonWeight } from '../calendar';
import {
  ok,
  recordOutcome,
  refreshRequest,
  requestAction,
  seededUuid,
  type Action,
  type ActionContext,
  type Model,
  type Person,
  type VisitRequestModel,
} from '../model';
import type { ApiAnswer } from '../client';

/**
 * The students: register, search the OG list, book a slot or send a request, accept a proposed
 * time, message, cancel, say how it went, confirm 無事に終わりました, write and offer a note,
 * block, withdraw.
 */

const DAY_MS = 24 * HOUR_MS;

export const registerStudent: Action = {
  name: 'student.register',
  weight: ({ model, now }) =>
    model.who('student', 'absent').some((s) => s.arrivesAt <= now()) ? 8 : 0,
  async run({ model, rng, world, now }) {
    const due = model.who('student', 'absent').filter((s) => s.arrivesAt <= now());
    if (due.length === 0) return false;
    const student = rng.pick(due);
    const details = {
      name: student.name,
      nameReading: student.nameReading,
      studentNumber: student.marker.replace(/[^A-Za-z0-9]/g, '').toUpperCase(),
      faculty: '商学部',
      department: '商学科',
    };
    const since = world.mails.length;
    const answer = await student.client.call('POST', '/api/registrations/student', {
      body: {
        ...details,
        universityId: student.universityId,
        grade: student.grade,
        email: student.email,
        termsAccepted: true,
      },
      retrySignIn: false,
    });
    if (answer.status !== 200 && answer.status !== 409) return false;
    // 409: the address is taken, by her own registration whose link (or whose answer) was not
    // seen (a fault): the link she was mailed then still serves, or she is registered already.
    const mail = await student.client.mailSince(answer.status === 409 ? 0 : since, (m) =>
      m.links.some((l) => l.includes('/auth/verify-email?token=')),
    );
    const link = mail?.links.find((l) => l.includes('/auth/verify-email?token='));
    const confirmed = link
      ? await student.client.call('POST', '/api/registrations/student/confirm', {
          body: {
            token: new URL(link).searchParams.get('token'),
            email: student.email,
            ...details,
          },
          retrySignIn: false,
        })
      : undefined;
    if (confirmed?.status !== 200) {
      if (answer.status !== 409 || !(await student.client.signIn())) return false;
    }
    await student.client.learnUserId();
    student.status = 'active';
    return true;
  },
};

export const searchMentors: Action = {
  name: 'student.search',
  weight: ({ model }) => (model.who('student').length > 0 ? 2 : 0),
  async run({ model, rng }) {
    const student = rng.pick(model.who('student'));
    const query = rng.pick(['', '?slotSoon=1', '?accepting=1', '?q=%E5%95%86%E7%A4%BE']);
    const answer = await student.client.call('GET', `/api/mentors${query}`);
    return ok(answer.status);
  },
};

/** The pairs a student may ask now: an active alumna with no open request between them. */
function askable({ model, now }: ActionContext) {
  const pairs: { student: string; mentor: string }[] = [];
  for (const student of model.who('student')) {
    for (const mentor of model.who('alumni')) {
      if (!mentor.urlParam || student.blocked.has(mentor.handle)) continue;
      if (mentor.blocked.has(student.handle)) continue;
      if (model.openBetween(student.handle, mentor.handle, now())) continue;
      pairs.push({ student: student.handle, mentor: mentor.handle });
    }
  }
  return pairs;
}

/** A request the site made (201): into the model, then read back as the site holds it. */
async function recordRequest(
  model: Model,
  student: Person,
  mentor: Person,
  answer: ApiAnswer,
  booked: boolean,
  meetingFormat: 'online' | 'in_person',
) {
  const request = model.addRequest({
    id: (answer.json as { id: string }).id,
    student: student.handle,
    mentor: mentor.handle,
    status: 'pending',
    booked,
    meetingFormat,
    preferredSlots: [],
    proposalTimes: [],
    proposalsLeft: 0,
    safeEnded: false,
    noteOffered: false,
    messages: 0,
  });
  await refreshRequest(request, student);
}

export const bookSlot: Action = {
  name: 'student.book',
  weight: (context) =>
    context.model.who('student').length > 0 && context.model.who('alumni').some((a) => a.published)
      ? 4 * seasonWeight('book', context.now()) * hourWeight(context.now())
      : 0,
  async run(context) {
    const { model, rng, texts } = context;
    const pairs = askable(context).filter((pair) => model.person(pair.mentor).published);
    if (pairs.length === 0) return false;
    const pair = rng.pick(pairs);
    const student = model.person(pair.student);
    const mentor = model.person(pair.mentor);
    const slots = await student.client.call('GET', `/api/mentors/${mentor.urlParam}/slots`);
    if (slots.status !== 200) return false;
    const open = (slots.json as { slots: { start: string; formats: string[] }[] }).slots;
    if (open.length === 0) return false;
    const slot = open[rng.int(0, Math.min(open.length, 12) - 1)]!;
    const meetingFormat = slot.formats.includes('online') ? 'online' : 'in_person';
    const answer = await student.client.call('POST', '/api/visit-requests/bookings', {
      body: {
        mentorUrlParam: mentor.urlParam,
        slotStart: slot.start,
        meetingFormat,
        purpose: rng.pick(['industry_research', 'company_research', 'career_advice']),
        message: texts.pick(['お仕事について伺いたいです。', '業界研究のためお話を伺えますか。']),
        agendaTopics: [],
        agendaQuestions: [],
        safetyRulesConfirmed: true,
        sameHourConfirmed: true,
      },
    });
    if (answer.status !== 201) return false;
    await recordRequest(model, student, mentor, answer, true, meetingFormat);
    return true;
  },
};

export const sendRequest: Action = {
  name: 'student.request',
  weight: (context) =>
    context.model.who('student').length > 0 && context.model.who('alumni').length > 0
      ? 2 * seasonWeight('book', context.now()) * hourWeight(context.now())
      : 0,
  async run(context) {
    const { model, rng, texts, now } = context;
    // The OG list shows who takes no requests now (受付停止): she asks the others.
    const pairs = askable(context).filter((pair) => !model.person(pair.mentor).paused);
    if (pairs.length === 0) return false;
    const pair = rng.pick(pairs);
    const student = model.person(pair.student);
    const mentor = model.person(pair.mentor);
    const firstDay = rng.int(3, 12);
    const slots = [0, 1].map((n) => {
      const day = now() + (firstDay + n * 2) * DAY_MS;
      const local = jstLocal(day).slice(0, 10);
      return `${local}T${String(rng.pick([10, 13, 15, 19])).padStart(2, '0')}:00`;
    });
    const meetingFormat = rng.chance(0.7) ? 'online' : 'in_person';
    const answer = await student.client.call('POST', '/api/visit-requests', {
      body: {
        mentorUrlParam: mentor.urlParam,
        purpose: rng.pick(['career_advice', 'es_review', 'interview_practice']),
        message: texts.pick(['お話を伺いたいです。', 'ご都合のよい日に伺えますか。']),
        preferredSlots: slots,
        meetingFormat,
        safetyRulesConfirmed: true,
        placeKind: meetingFormat === 'online' ? 'online' : 'public',
        sameHourConfirmed: true,
      },
    });
    if (answer.status !== 201) return false;
    await recordRequest(model, student, mentor, answer, false, meetingFormat);
    return true;
  },
};

/** Requests of active students matching `filter`, sorted by handle. */
function studentRequests(context: ActionContext, filter: (r: VisitRequestModel) => boolean) {
  return context.model.requestList((r) => context.model.isStudent(r.student) && filter(r));
}

export const acceptProposal = requestAction(
  'student.accept-proposal',
  5,
  (context) => studentRequests(context, (r) => r.status === 'pending' && r.awaiting === 'student'),
  async (context, request) => {
    const student = context.model.person(request.student);
    // A time still ahead (an hour's margin); none left: she leaves it to expire or be changed.
    const time = request.proposalTimes.find((t) => Date.parse(t) > context.now() + HOUR_MS);
    if (!time) return false;
    const answer = await student.client.call(
      'POST',
      `/api/visit-requests/${request.id}/accept-proposal`,
      { body: { time, safetyRulesConfirmed: true } },
    );
    await refreshRequest(request, student);
    return ok(answer.status);
  },
);

export const cancelRequest = requestAction(
  'student.cancel',
  0.6,
  // Pending, or agreed and more than a day ahead (a later cancellation needs its reason).
  (context) =>
    studentRequests(
      context,
      (r) =>
        r.status === 'pending' ||
        (r.status === 'accepted' && (r.meetingAt ?? 0) > context.now() + 25 * HOUR_MS),
    ),
  async (context, request) => {
    const student = context.model.person(request.student);
    const answer = await student.client.call('POST', `/api/visit-requests/${request.id}/cancel`, {
      body: { message: '予定が合わなくなりました。申し訳ありません。' },
    });
    await refreshRequest(request, student);
    return ok(answer.status);
  },
);

export const sendMessage = requestAction(
  'student.message',
  1.5,
  (context) => studentRequests(context, (r) => r.status === 'accepted'),
  async (context, request) => {
    // Either side writes; the alumna only while she is active.
    const mentor = context.model.person(request.mentor);
    const writer =
      context.rng.chance(0.5) && mentor.status === 'active'
        ? mentor
        : context.model.person(request.student);
    const answer = await writer.client.call('POST', `/api/visit-requests/${request.id}/messages`, {
      body: {
        body: context.texts.pick([
          '当日はよろしくお願いします。',
          '承知しました。',
          '質問を準備します。',
        ]),
        clientId: seededUuid(context.texts),
      },
    });
    if (answer.status === 201) request.messages++;
    return ok(answer.status);
  },
);

export const studentOutcome = requestAction(
  'student.outcome',
  3,
  (context) =>
    studentRequests(
      context,
      (r) =>
        r.status === 'accepted' && (r.meetingAt ?? Infinity) < context.now() && !r.studentOutcome,
    ),
  ({ model, rng }, request) =>
    recordOutcome(request, model.person(request.student), rng, {
      chance: 0.05,
      reason: '約束の場所にいらっしゃいませんでした。',
    }),
);

/** 「無事に終わりました」 after an in-person visit. */
export const safeEnd = requestAction(
  'student.safe-end',
  4,
  (context) =>
    studentRequests(
      context,
      (r) =>
        r.status === 'accepted' &&
        r.meetingFormat === 'in_person' &&
        !r.safeEnded &&
        (r.meetingAt ?? Infinity) + SAFE_END_ASK_AFTER_HOURS * HOUR_MS < context.now(),
    ),
  async (context, request) => {
    const student = context.model.person(request.student);
    const answer = await student.client.call('POST', `/api/visit-requests/${request.id}/safe-end`);
    if (ok(answer.status)) request.safeEnded = true;
    return ok(answer.status);
  },
);

const NOTE_FORM = {
  jobType: 'sales',
  qa: [{ question: '入社の決め手は？', answer: '人の温かさです。' }],
  advice: '業界研究は早めに。',
};

export const writeNote = requestAction(
  'student.note',
  2,
  (context) => studentRequests(context, (r) => r.studentOutcome === 'held' && !r.noteOffered),
  async (context, request) => {
    const student = context.model.person(request.student);
    if (!request.noteId) {
      const written = await student.client.call('PUT', `/api/visit-requests/${request.id}/note`, {
        body: NOTE_FORM,
      });
      if (!ok(written.status)) return false;
      request.noteId = (written.json as { id: string }).id;
    }
    if (context.rng.chance(0.3)) {
      // Kept to herself: never offered.
      request.noteOffered = true;
      return true;
    }
    const offered = await student.client.call('POST', `/api/visit-notes/${request.noteId}/offer`);
    if (ok(offered.status)) {
      request.noteOffered = true;
      request.noteShared = true;
    }
    return ok(offered.status);
  },
);

export const blockMentor: Action = {
  name: 'student.block',
  weight: ({ model }) => (model.who('student').length > 0 ? 0.05 : 0),
  async run({ model, rng }) {
    const student = rng.pick(model.who('student'));
    const mentors = model
      .who('alumni')
      .filter((m) => !student.blocked.has(m.handle) && m.client.userId);
    if (mentors.length === 0) return false;
    const mentor = rng.pick(mentors);
    const answer = await student.client.call('PUT', `/api/blocks/${mentor.client.userId}`);
    if (ok(answer.status)) student.blocked.add(mentor.handle);
    return ok(answer.status);
  },
};

export const reportMentor: Action = {
  name: 'student.report',
  weight: ({ model }) => (model.who('student').length > 0 ? 0.03 : 0),
  async run({ model, rng }) {
    const student = rng.pick(model.who('student'));
    const mentors = model.who('alumni').filter((m) => m.client.userId);
    if (mentors.length === 0) return false;
    const mentor = rng.pick(mentors);
    const answer = await student.client.call('POST', '/api/reports', {
      body: {
        userId: mentor.client.userId,
        reason: 'other',
        details: '気になる言動がありました。',
      },
    });
    return ok(answer.status);
  },
};

export const withdraw: Action = {
  name: 'student.withdraw',
  weight: ({ model }) => (model.who('student').length > 3 ? 0.04 : 0),
  async run({ model, rng }) {
    const student = rng.pick(model.who('student'));
    const answer = await student.client.call('DELETE', '/api/users/me', {
      body: { visitNotes: rng.pick(['keep', 'delete']) },
    });
    if (ok(answer.status)) {
      student.status = 'withdrawn';
      student.client.cookies.clear();
      // Her open requests were ended by the site: read as the alumnae see them now.
      for (const request of model.requestList(
        (r) => r.student === student.handle && (r.status === 'pending' || r.status === 'accepted'),
      )) {
        const mentor = model.person(request.mentor);
        if (mentor.status === 'active') await refreshRequest(request, mentor);
      }
    }
    return ok(answer.status);
  },
};

export const STUDENT_ACTIONS: Action[] = [
  registerStudent,
  searchMentors,
  bookSlot,
  sendRequest,
  acceptProposal,
  cancelRequest,
  sendMessage,
  studentOutcome,
  safeEnd,
  writeNote,
  blockMentor,
  reportMentor,
  withdraw,
];
