import { ja, type Messages } from '../../shared/messages/ja';
import { jaMail, type MailMessages } from '../../shared/messages/ja/mail';
import { en } from '../../shared/messages/en';
import { enMail } from '../../shared/messages/en/mail';
import {
  JAPAN_TIME_ZONE,
  type Language,
  MENTOR_VERIFICATION_LINK_TTL_MS,
  NO_SHOW_LIMIT,
  REGISTRATION_LINK_TTL_MS,
  SIGN_IN_LINK_TTL_MS,
  type MeetingFormat,
  type MentorTopic,
  type VisitPurpose,
  writtenLanguage,
} from '../../shared/constants';
import type { ConsultationDesk } from '../../shared/schemas/desk';
import { maskContactDetails } from '../../shared/contact-masking';
import { followableMeetingUrl } from '../../shared/schemas/visit-requests';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /**
   * When the one-time link or code the message carries expires: the local outbox keeps the
   * body readable until then. Absent: nothing one-time, the outbox's default.
   */
  readableUntil?: Date;
}

/**
 * One line in which no mail client finds a link, an address or markup: what a user typed (a
 * name, a place), with what could become a link made inert by its full-width twin (names are
 * validated against this; older rows and admins' text are not). A name reads as a person would
 * write it, 「山田 花子さんから」, without 「」.
 */
export function inert(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[<>]/g, '')
    .replace(/[.:/@]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0))
    .replace(/[。｡]/g, '．');
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function paragraphs(lines: readonly string[]): string {
  return lines
    .map(
      (line) =>
        `<p style="margin:0 0 16px;line-height:1.7">${escapeHtml(line).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
}

/** A plain, table-free layout that mail apps in Japan render well, with a text twin. */
function layout(title: string, body: string, words: Words): string {
  const font = "'Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic','Meiryo',sans-serif";
  return `<!doctype html><html lang="${words.language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:${font};color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(words.app.app.title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#57606a;white-space:pre-line">${escapeHtml(words.mail.signature)}</p>
</div></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0b57d0;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#57606a;word-break:break-all">${escapeHtml(href)}</p>`;
}

interface LinkMailTexts {
  subject: string;
  greeting: string;
  body: string;
  button: string;
}

/**
 * The account a mail goes to, as its words need it (mail/addressee.ts): it opens with 「<name> 様」
 * when the site knows the recipient's own profile name (without one, with its greeting), and it
 * is written in the language the person chose (decision 0041). A mail to an address that is no
 * one's account yet has none: Japanese, with its greeting.
 */
export interface Addressee {
  name: string | null;
  language: Language;
}

/** A language's texts: the mail's own, the site's (the names of formats and purposes), a date. */
interface Words {
  language: Language;
  mail: MailMessages['mail'];
  app: Messages;
  /** An instant as the mail says it, in Japan's time. */
  date: (instant: Date) => string;
}

const JST_DATE = new Intl.DateTimeFormat('ja-JP', {
  timeZone: JAPAN_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** English readers are told the zone (JST): the time is Japan's wherever they read it. */
const JST_DATE_EN = new Intl.DateTimeFormat('en-US', {
  timeZone: JAPAN_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const WORDS: Record<Language, Words> = {
  ja: { language: 'ja', mail: jaMail.mail, app: ja, date: (at) => JST_DATE.format(at) },
  en: {
    language: 'en',
    mail: enMail.mail,
    app: en,
    date: (at) => `${JST_DATE_EN.format(at)} JST`,
  },
};

/** The words of a mail to `addressee`: Japanese for an address that is no one's account. */
function wordsFor(addressee: Addressee | undefined): Words {
  return WORDS[writtenLanguage(addressee?.language)];
}

function salutation(addressee: Addressee | undefined): string[] {
  const name = addressee?.name?.trim();
  return name ? [wordsFor(addressee).mail.salutation.replace('{{name}}', inert(name))] : [];
}

/** Greeting, body and one button to a link, plus any closing lines: every mail we send. */
function linkMail(
  m: LinkMailTexts,
  link: string,
  after: string[] = [],
  afterHtml = '',
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  const opening = salutation(addressee);
  const text = [
    ...opening,
    ...(opening.length ? [''] : []),
    m.greeting,
    '',
    m.body,
    link,
    '',
    ...after,
    ...(after.length ? [''] : []),
    words.mail.signature,
  ].join('\n');
  const html = layout(
    m.subject,
    paragraphs([...opening, m.greeting, m.body]) +
      button(link, m.button) +
      (afterHtml || (after.length ? paragraphs(after) : '')),
    words,
  );
  return { subject: m.subject, text, html };
}

/** The closing line of mail someone else could have caused by typing this address. */
function notMine(addressee?: Addressee): string[] {
  return [wordsFor(addressee).mail.notMine];
}

function codeBlock(code: string): string {
  return `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</p>`;
}

/** A sign-in link with its one-time code; `verify` words it as the alumni sign-up check. */
export function signInMail(
  link: string,
  code: string,
  kind: 'sign-in' | 'verify' = 'sign-in',
  addressee?: Addressee,
): RenderedMail {
  const { mail } = wordsFor(addressee);
  const m = kind === 'verify' ? mail.mentorVerification : mail.signIn;
  const intro = mail.signIn.codeIntro;
  return {
    ...linkMail(
      m,
      link,
      [intro, code, ...notMine(addressee)],
      paragraphs([intro]) + codeBlock(code) + paragraphs(notMine(addressee)),
      addressee,
    ),
    readableUntil: new Date(
      Date.now() + (kind === 'verify' ? MENTOR_VERIFICATION_LINK_TTL_MS : SIGN_IN_LINK_TTL_MS),
    ),
  };
}

export function studentRegistrationMail(link: string): RenderedMail {
  return {
    ...linkMail(jaMail.mail.studentRegistration, link),
    readableUntil: new Date(Date.now() + REGISTRATION_LINK_TTL_MS),
  };
}

/** What an invitation says of its seminar and its inviter besides the link (issue 56, point 4). */
export interface InvitationVoice {
  /** The seminar as the admins named it; null while unset (the office invites, as before). */
  seminar?: { name: string; leaderName: string } | null;
  /** The inviter's personal line, as typed: contact details masked, every line made inert. */
  message?: string | null;
}

export function invitationMail(
  link: string,
  code: string,
  inviterName: string | null,
  expiresAt: Date,
  voice: InvitationVoice = {},
): RenderedMail {
  const m = jaMail.mail.invitation;
  const seminar = voice.seminar ?? null;
  // An admin invites in the name the seminar is known by: its teacher's or admin's.
  const inviter = inviterName
    ? m.mentorInviter.replace('{{name}}', inert(inviterName))
    : seminar
      ? inert(seminar.leaderName)
      : m.adminInviter;
  const greeting = m.greeting
    .replace('{{inviter}}', inviter)
    .replace('{{seminar}}', seminar ? inert(seminar.name) : m.defaultSeminar);
  const subject = seminar
    ? m.seminarSubject.replace('{{seminar}}', inert(seminar.name))
    : m.subject;
  const personal = voice.message ? personalLines(inviter, voice.message) : [];
  const lines = [
    ...(seminar
      ? [
          m.seminarLine
            .replace('{{seminar}}', inert(seminar.name))
            .replace('{{leader}}', inert(seminar.leaderName)),
        ]
      : []),
    m.code.replace('{{code}}', code),
    m.expires.replace('{{date}}', JST_DATE.format(expiresAt)),
  ];
  // An address mistyped by the inviter reaches a stranger.
  return {
    ...linkMail({ ...m, subject, greeting: [greeting, ...personal].join('\n\n') }, link, [
      ...lines,
      ...notMine(),
    ]),
    readableUntil: expiresAt,
  };
}

/**
 * The inviter's line as the invitee reads it: contact details masked as in any text written to
 * someone not yet met (docs/PRODUCT.md §7), so an invitation cannot carry a number or a link to
 * a stranger, and each line made inert, its breaks kept.
 */
function personalLines(inviter: string, message: string): string[] {
  const body = writtenToStranger(message);
  return [`${jaMail.mail.invitation.personalLine.replace('{{inviter}}', inviter)}\n${body}`];
}

/**
 * Words someone wrote to a person not yet met, as a mail carries them: contact details masked,
 * each line made inert, its breaks kept (an invitation's line, an introduction's reason).
 */
function writtenToStranger(message: string): string {
  const masked = maskContactDetails(message).text;
  return (
    masked
      .split('\n')
      // A sentence's full stop stays one; between letters it is a dot, made inert as any.
      .map((line) =>
        line
          .replace(/(?<=[A-Za-z0-9-])[。｡](?=[A-Za-z0-9])/g, '.')
          .split('。')
          .map(inert)
          .join('。'),
      )
      .join('\n')
  );
}

/** Who introduced, as an introduction's mail names them: an alumna by name, an admin as the office. */
export interface Introducer {
  role: 'mentor' | 'admin';
  name: string;
}

function introducerIn(
  m: { adminIntroducer: string; mentorIntroducer: string },
  introducer: Introducer,
): string {
  return introducer.role === 'admin'
    ? m.adminIntroducer
    : m.mentorIntroducer.replace('{{name}}', () => inert(introducer.name));
}

/** 紹介: the introduced alumna is asked whether she takes the visit (decision 0044). */
export function introducedMail(
  link: string,
  facts: { introducer: Introducer; student: string; university: string; reason: string },
  addressee?: Addressee,
): RenderedMail {
  const m = wordsFor(addressee).mail.introduced;
  const greeting = m.greeting
    .replace('{{introducer}}', () => introducerIn(m, facts.introducer))
    .replace('{{student}}', () => inert(facts.student))
    .replace('{{university}}', () => inert(facts.university));
  return linkMail(
    { ...m, greeting },
    link,
    [`${m.reason}\n${writtenToStranger(facts.reason)}`],
    '',
    addressee,
  );
}

/** 紹介: the student hears of an introduction once the alumna opted in, and asks in one step. */
export function introductionOptedInMail(
  link: string,
  facts: { introducer: Introducer; mentor: string; company: string; reason: string },
  addressee?: Addressee,
): RenderedMail {
  const m = wordsFor(addressee).mail.introductionOptedIn;
  const mentor = inert(facts.mentor);
  const fill = (text: string) =>
    text
      .replace('{{introducer}}', () => introducerIn(m, facts.introducer))
      .replace(/\{\{mentor\}\}/g, () => mentor)
      .replace('{{company}}', () => inert(facts.company));
  return linkMail(
    { ...m, subject: fill(m.subject), greeting: fill(m.greeting), button: fill(m.button) },
    link,
    [`${m.reason}\n${writtenToStranger(facts.reason)}`],
    '',
    addressee,
  );
}

/** What a 座談会's mail says of it: whose, its title, when. */
export interface GroupSessionMailFacts {
  mentor: string;
  title: string;
  startsAt: Date;
}

function groupSessionTexts<T extends { subject: string; greeting: string; body: string }>(
  texts: T,
  facts: GroupSessionMailFacts,
  words: Words,
): T {
  const fill = (text: string) =>
    text
      .replace('{{mentor}}', () => inert(facts.mentor))
      .replace('{{title}}', () => writtenToStranger(facts.title))
      .replace('{{startsAt}}', () => words.date(facts.startsAt));
  return { ...texts, greeting: fill(texts.greeting), body: fill(texts.body) };
}

/** 座談会: a student on the waiting list was moved up to a seat that freed. */
export function groupSessionSeatGivenMail(
  link: string,
  facts: GroupSessionMailFacts,
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  return linkMail(
    groupSessionTexts(words.mail.groupSessionSeatGiven, facts, words),
    link,
    [],
    '',
    addressee,
  );
}

/** A 座談会 called off, in the words `pick` chooses for the addressee, with its reason. */
function groupSessionCallOffMail(
  pick: (words: Words) => LinkMailTexts & { reason: string },
  link: string,
  facts: GroupSessionMailFacts & { reason: string },
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  const m = pick(words);
  return linkMail(
    groupSessionTexts(m, facts, words),
    link,
    [`${m.reason}\n${writtenToStranger(facts.reason)}`],
    '',
    addressee,
  );
}

/** 座談会: called off by its alumna or an admin; each student seated or waiting is told why. */
export function groupSessionCancelledMail(
  link: string,
  facts: GroupSessionMailFacts & { reason: string },
  addressee?: Addressee,
): RenderedMail {
  return groupSessionCallOffMail(
    (words) => words.mail.groupSessionCancelled,
    link,
    facts,
    addressee,
  );
}

/** 座談会: called off by an admin; its alumna is told why (her own cancellation tells her nothing). */
export function groupSessionCancelledHostMail(
  link: string,
  facts: GroupSessionMailFacts & { reason: string },
  addressee?: Addressee,
): RenderedMail {
  return groupSessionCallOffMail(
    (words) => words.mail.groupSessionCancelledHost,
    link,
    facts,
    addressee,
  );
}

/**
 * 座談会: called off because its alumna left the site; each student is told so in her own
 * language, and linked to the list (the 座談会 goes with the account).
 */
export function groupSessionCancelledByWithdrawalMail(
  listLink: string,
  facts: GroupSessionMailFacts,
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  const m = words.mail.groupSessionCancelled;
  const why = words.mail.groupSessionCancelledByWithdrawal;
  return linkMail(
    { ...groupSessionTexts(m, facts, words), body: why.body, button: why.button },
    listLink,
    [`${m.reason}\n${why.reason.replace('{{mentor}}', () => inert(facts.mentor))}`],
    '',
    addressee,
  );
}

/**
 * 座談会's 前日確認 (issue 58 point 4): to a seated student, or (`seated` given) to its alumna
 * with how many are coming. An in-person one names its place; an online one's URL stays on the
 * site, as a visit's does (a mail links only to the site), and so does the seminar's 相談窓口.
 */
export function groupSessionDayBeforeMail(
  link: string,
  facts: GroupSessionMailFacts & { meetingPlace: string | null; seated?: number },
  desk: ConsultationDesk | null,
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  const m =
    facts.seated === undefined
      ? words.mail.groupSessionDayBefore
      : words.mail.groupSessionDayBeforeHost;
  const texts = groupSessionTexts(m, facts, words);
  const place = facts.meetingPlace
    ? [m.place.replace('{{place}}', () => inert(facts.meetingPlace!))]
    : [];
  const body = [texts.body.replace('{{seated}}', String(facts.seated ?? 0)), ...place].join('\n');
  return linkMail({ ...texts, body }, link, [deskLines(desk, words)], '', addressee);
}

/**
 * A post in a 座談会's thread, by mail (issue 58): its alumna's to each student holding a place,
 * or (`asker` given: who asked, as the thread names her to its alumna) a student's question to
 * its alumna. The words as the thread shows them (masked as stored, and as written to a stranger
 * here again), each line made inert.
 */
export function groupSessionPostMail(
  link: string,
  facts: GroupSessionMailFacts & { body: string; asker?: string },
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  const m =
    facts.asker === undefined ? words.mail.groupSessionPost : words.mail.groupSessionQuestion;
  const texts = groupSessionTexts(m, facts, words);
  const greeting = texts.greeting.replace('{{name}}', () => inert(facts.asker ?? ''));
  return linkMail(
    { ...texts, greeting },
    link,
    [`${m.post}\n${writtenToStranger(facts.body)}`],
    '',
    addressee,
  );
}

/**
 * 座談会: its place's words or its meeting URL were set or changed (issue 58), to each seated
 * student. The place and the URL stay on the site, as a visit's meeting details do.
 */
export function groupSessionPlaceChangedMail(
  link: string,
  facts: GroupSessionMailFacts,
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  return linkMail(
    groupSessionTexts(words.mail.groupSessionPlaceChanged, facts, words),
    link,
    [],
    '',
    addressee,
  );
}

/**
 * 座談会: its alumna recorded the student 欠席, a no-show claim against her (decision 0045): as a
 * visit's claim mail (noShowClaimedMail), the page's link where she may answer 「参加しました」
 * once, until when an answer holds it for the admins and how many count against her. Always sent.
 */
export function groupSessionAbsentMail(
  link: string,
  facts: GroupSessionMailFacts & { answerBy: Date; counted: number },
  desk: ConsultationDesk | null,
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  const claimed = words.mail.noShowClaimed;
  const after = [
    claimed.studentDeadline.replace('{{date}}', words.date(facts.answerBy)),
    claimed.studentCount
      .replace('{{count}}', String(facts.counted))
      .replace('{{limit}}', String(NO_SHOW_LIMIT)),
    deskLines(desk, words),
  ];
  const texts = groupSessionTexts(words.mail.groupSessionAbsent, facts, words);
  return linkMail(texts, link, after, '', addressee);
}

/** 「無事に終わりましたか」 after an in-person 座談会, as a visit's (safeEndAskMail). Always sent. */
export function groupSessionSafeEndAskMail(
  link: string,
  facts: GroupSessionMailFacts,
  desk: ConsultationDesk | null,
  addressee?: Addressee,
): RenderedMail {
  const words = wordsFor(addressee);
  const texts = groupSessionTexts(words.mail.groupSessionSafeEndAsk, facts, words);
  return linkMail(texts, link, [deskLines(desk, words)], '', addressee);
}

/** An admin approved an alumna awaiting approval: her profile is now on the OG list. */
export function mentorApprovedMail(link: string, addressee?: Addressee): RenderedMail {
  return linkMail(wordsFor(addressee).mail.mentorApproved, link, [], '', addressee);
}

/** What a visit-request mail says about the request: purpose and times, never the message. */
export interface VisitMailFacts {
  purpose: VisitPurpose;
  meetingFormat: MeetingFormat;
  preferredSlots: Date[];
  meetingAt: Date | null;
  /** The proposed times, said while the request waits for an answer to them. */
  proposedTimes?: Date[];
  /** An agreed online meeting's URL: the mail names its host, the link stays on the site. */
  meetingUrl?: string | null;
}

/** The host an online meeting's URL opens, as the page names it; null when there is none. */
function meetingHostOf(facts: VisitMailFacts): string | null {
  if (facts.meetingFormat !== 'online' || !facts.meetingAt || !facts.meetingUrl) return null;
  return followableMeetingUrl(facts.meetingUrl)?.host ?? null;
}

function visitLines(facts: VisitMailFacts, words: Words): string[] {
  const { mail: m, app, date } = words;
  const format = app.visits.formats[facts.meetingFormat];
  const lines = [m.visitPurpose.replace('{{purpose}}', app.visits.purposes[facts.purpose])];
  // The agreed time, else the proposed ones, else the preferred slots.
  const proposed = facts.proposedTimes ?? [];
  if (facts.meetingAt) {
    lines.push(
      m.visitMeeting.replace('{{date}}', date(facts.meetingAt)).replace('{{format}}', format),
    );
    // Made inert as any text, so that no mail client links the host in place of the site.
    const host = meetingHostOf(facts);
    if (host) lines.push(m.visitMeetingHost.replace('{{host}}', inert(host)));
  } else if (proposed.length > 0) {
    lines.push(
      m.visitProposedTime
        .replace('{{date}}', proposed.map(date).join(' / '))
        .replace('{{format}}', format),
    );
  } else {
    const slots = facts.preferredSlots.map(date).join(' / ');
    lines.push(
      m.visitSlots.replace('{{slots}}', slots),
      m.visitFormat.replace('{{format}}', format),
    );
  }
  return lines;
}

/** A state change of a visit request, to the side that did not make it. */
export type VisitMailKind =
  | 'requested'
  /** To the alumna: a student booked one of her slots and 自動で承諾 agreed it. */
  | 'booked'
  | 'accepted'
  /** Another time proposed; the student accepted the alumnus's proposal. */
  | 'proposed'
  | 'proposalAccepted'
  | 'declined'
  | 'cancelled'
  /** The other side withdrew; the mail names nobody. */
  | 'cancelledByWithdrawal'
  /**
   * The alumnus set or changed where to meet. The place and URL stay on the site: a mail
   * carries no link but the site's own (docs/SECURITY.md).
   */
  | 'meetingDetails'
  /** The alumnus has not answered for VISIT_REMINDER_DAYS. */
  | 'unansweredReminder'
  /** A booking's hold of her slot ends in BOOKING_LAPSE_REMINDER_HOURS (issue 56). */
  | 'bookingLapsing'
  /** To the student: the request expired unanswered; the link leads to the OG list. */
  | 'expired';

export function visitRequestMail(
  kind: VisitMailKind,
  link: string,
  names: { actor: string; university?: string; recipient?: Addressee },
  facts: VisitMailFacts,
): RenderedMail {
  const words = wordsFor(names.recipient);
  const { mail } = words;
  const texts = {
    requested: mail.visitRequested,
    booked: mail.visitBooked,
    accepted: mail.visitAccepted,
    proposed: mail.visitProposed,
    proposalAccepted: mail.visitProposalAccepted,
    declined: mail.visitDeclined,
    cancelled: mail.visitCancelled,
    cancelledByWithdrawal: mail.visitCancelledByWithdrawal,
    meetingDetails: mail.visitMeetingDetails,
    unansweredReminder: mail.visitUnansweredReminder,
    bookingLapsing: mail.visitBookingLapsing,
    expired: mail.visitExpired,
  }[kind];
  const actor = inert(names.actor);
  const greeting = texts.greeting
    .replace('{{student}}', actor)
    .replace('{{mentor}}', actor)
    .replace('{{name}}', actor)
    .replace('{{university}}', inert(names.university ?? ''));
  const body = [...visitLines(facts, words), '', texts.body].join('\n');
  return linkMail({ ...texts, greeting, body }, link, [], '', names.recipient);
}

/**
 * New messages in a request's thread, gathered: at most one such mail per thread and recipient
 * in THREAD_MAIL_INTERVAL_MINUTES. The words stay on the site (they may be masked, reported).
 */
export function threadMessagesMail(
  link: string,
  names: { sender: string; recipient?: Addressee },
  count: number,
): RenderedMail {
  const m = wordsFor(names.recipient).mail.threadMessages;
  const sender = inert(names.sender);
  const greeting = m.greeting.replace('{{name}}', sender).replace('{{count}}', String(count));
  return linkMail({ ...m, greeting }, link, [], '', names.recipient);
}

/** To each admin: how many reports came in since the last such mail, and the console's link. */
export function newReportsMail(link: string, count: number, addressee?: Addressee): RenderedMail {
  const m = wordsFor(addressee).mail.newReports;
  const greeting = m.greeting.replace('{{count}}', String(count));
  return linkMail({ ...m, greeting }, link, [], '', addressee);
}

/** A request's agenda: the topics ticked and the questions, in the student's order. */
export interface VisitAgenda {
  topics: readonly MentorTopic[];
  /** As the recipient reads them (the contact rule applied by the caller). */
  questions: readonly string[];
}

/**
 * 相談したいこと as lines: the topics by their labels, then the numbered questions, each made
 * inert on one line as any typed text. None when the student gave no agenda.
 */
function agendaLines(agenda: VisitAgenda | undefined, words: Words): string[] {
  if (!agenda || (agenda.topics.length === 0 && agenda.questions.length === 0)) return [];
  const m = words.mail.visitDayBefore;
  const lines = [m.agendaTitle];
  if (agenda.topics.length > 0) {
    const labels = agenda.topics.map((topic) => words.app.profileFields.topicLabels[topic]);
    lines.push(m.agendaTopics.replace('{{topics}}', labels.join(words.mail.listSeparator)));
  }
  agenda.questions.forEach((question, index) =>
    lines.push(
      m.agendaQuestion.replace('{{n}}', String(index + 1)).replace('{{question}}', inert(question)),
    ),
  );
  return ['', ...lines];
}

/**
 * 前日確認, to each side at 18:00 Japan time the day before: the time, the place (made inert,
 * as any typed text) or the online meeting's host, 相談したいこと (the agenda, made inert too),
 * the request's link, where to cancel and the seminar's 相談窓口 (null: not set, the admins'
 * contact instead). An online meeting's URL stays on the site: a mail links only to the site
 * (docs/SECURITY.md).
 */
export function dayBeforeMail(
  link: string,
  cancelLink: string,
  names: { other: string; recipient?: Addressee },
  facts: VisitMailFacts & { meetingPlace: string | null; agenda?: VisitAgenda },
  desk: ConsultationDesk | null,
): RenderedMail {
  const words = wordsFor(names.recipient);
  const m = words.mail.visitDayBefore;
  const greeting = m.greeting.replace('{{name}}', inert(names.other));
  const place =
    facts.meetingFormat === 'in_person' && facts.meetingPlace
      ? [m.place.replace('{{place}}', inert(facts.meetingPlace))]
      : meetingHostOf(facts)
        ? [] // visitLines named the host
        : [m.placeOnSite];
  const body = [
    ...visitLines(facts, words),
    ...place,
    ...agendaLines(facts.agenda, words),
    '',
    m.body,
  ].join('\n');
  const after = [m.cancel.replace('{{link}}', cancelLink), deskLines(desk, words)];
  return linkMail({ ...m, greeting, body }, link, after, '', names.recipient);
}

/**
 * The seminar's 相談窓口, as one paragraph: the admins typed it, so its words are made inert as
 * any typed text; the address and the number stay as they are (the schema let through only an
 * address and a number), so that the reader can write or call. Unset: the admins' contact, the
 * site's inquiry form, named but not linked (a mail links only to the site).
 */
function deskLines(desk: ConsultationDesk | null, words: Words): string {
  const m = words.mail.desk;
  const lines = [m.title];
  if (!desk) {
    lines.push(m.unset);
  } else {
    if (desk.name) lines.push(m.name.replace('{{name}}', inert(desk.name)));
    if (desk.email) lines.push(m.email.replace('{{email}}', desk.email));
    if (desk.phone) lines.push(m.phone.replace('{{phone}}', desk.phone));
    if (desk.hours) lines.push(m.hours.replace('{{hours}}', inert(desk.hours)));
    if (desk.note) lines.push(inert(desk.note));
  }
  lines.push(m.notTold);
  return lines.join('\n');
}

/**
 * 「無事に終わりましたか」, to the student SAFE_END_ASK_AFTER_HOURS after an in-person visit: the
 * request page's link, where one tap confirms or 「困ったことがあった」 opens the report, and the
 * 相談窓口 for a visit that did not end well.
 */
export function safeEndAskMail(
  link: string,
  desk: ConsultationDesk | null,
  names: { other: string; recipient?: Addressee },
): RenderedMail {
  const words = wordsFor(names.recipient);
  const m = words.mail.safeEndAsk;
  const greeting = m.greeting.replace('{{name}}', inert(names.other));
  return linkMail({ ...m, greeting }, link, [deskLines(desk, words)], '', names.recipient);
}

/**
 * A no-show claim, to the side said not to have come: who claims it and the request page's link,
 * where the reason is shown and 「参加しました」 may be answered once; never the reason itself, and
 * the 相談窓口. Always sent, whatever the mail preferences: it is a claim against the recipient.
 * A student is also told until when an answer holds the claim for the admins, how many claims
 * count against her and what stops at NO_SHOW_LIMIT.
 */
export function noShowClaimedMail(
  link: string,
  desk: ConsultationDesk | null,
  names: {
    other: string;
    recipient?: Addressee;
    student?: { answerBy: Date; counted: number } | undefined;
  },
): RenderedMail {
  const words = wordsFor(names.recipient);
  const m = words.mail.noShowClaimed;
  const greeting = m.greeting.replace('{{name}}', inert(names.other));
  const student = names.student
    ? [
        m.studentDeadline.replace('{{date}}', words.date(names.student.answerBy)),
        m.studentCount
          .replace('{{count}}', String(names.student.counted))
          .replace('{{limit}}', String(NO_SHOW_LIMIT)),
      ]
    : [];
  const after = [...student, deskLines(desk, words)];
  return linkMail({ ...m, greeting }, link, after, '', names.recipient);
}

/** The alumnus's requests were paused after MENTOR_PAUSE_AFTER_EXPIRED expired in a row. */
export function mentorAutoPausedMail(
  link: string,
  count: number,
  addressee?: Addressee,
): RenderedMail {
  const m = wordsFor(addressee).mail.mentorAutoPaused;
  const greeting = m.greeting.replace('{{count}}', String(count));
  return linkMail({ ...m, greeting }, link, [], '', addressee);
}

/** The link that applies a change of sign-in address, to the new address. */
export function emailChangeMail(link: string, addressee?: Addressee): RenderedMail {
  return linkMail(wordsFor(addressee).mail.emailChange, link, notMine(addressee), '', addressee);
}

/**
 * An address as the old-address notice names the new one: readable to its owner, who knows it,
 * with the local part hidden but its first character (h***@example.com), and a zero-width space
 * after each dot of the domain, so that no mail client makes a link or an address of it (whoever
 * changed the address chose it, and the mail must link only to the site).
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  return `${inert(local.slice(0, 1))}***@${inert(domain).replace(/．/g, '.\u200b')}`;
}

/** To the old address once the change is applied: what it became, and the undo link. */
export function emailChangedMail(
  undoLink: string,
  newEmail: string,
  addressee?: Addressee,
): RenderedMail {
  const m = wordsFor(addressee).mail.emailChanged;
  const greeting = m.greeting.replace('{{email}}', maskedAddress(newEmail));
  return linkMail({ ...m, greeting }, undoLink, [], '', addressee);
}

/** To an alumna's separate contact address: the link that confirms it before students see it. */
export function contactEmailMail(link: string, addressee?: Addressee): RenderedMail {
  return linkMail(wordsFor(addressee).mail.contactEmail, link, notMine(addressee), '', addressee);
}

/** To the personal address of an application to become an OG: the link that confirms it. */
export function graduationAddressMail(link: string, addressee?: Addressee): RenderedMail {
  const m = wordsFor(addressee).mail.graduationAddress;
  return linkMail(m, link, notMine(addressee), '', addressee);
}

/** To a graduating student (the April rollover, or a cohort an admin marked): apply as an OG. */
export function graduationInviteMail(link: string, addressee?: Addressee): RenderedMail {
  return linkMail(wordsFor(addressee).mail.graduationInvite, link, [], '', addressee);
}

/** What happened to a 訪問記録, to the one who acts next: the alumna, or its author. */
export type VisitNoteMailKind =
  | 'visitNoteOffered'
  | 'visitNoteConsented'
  | 'visitNoteChangesRequested'
  | 'visitNoteDeclined'
  | 'visitNoteHidden';

/**
 * A 訪問記録 offered, answered or hidden: who did it (none for an admin's hiding) and the page's
 * link; never the note's words or the alumna's comment, which the page shows.
 */
export function visitNoteMail(
  kind: VisitNoteMailKind,
  link: string,
  names: { other: string; recipient?: Addressee },
): RenderedMail {
  const m = wordsFor(names.recipient).mail[kind];
  const greeting = m.greeting.replace('{{name}}', inert(names.other));
  return linkMail({ ...m, greeting }, link, [], '', names.recipient);
}

/**
 * The one reminder after a held visit: keep a 訪問記録 while it is fresh, and thank if not yet
 * (the link is then the request's page, where both are).
 */
export function noteReminderMail(
  link: string,
  names: { thanked: boolean; other: string; recipient?: Addressee },
): RenderedMail {
  const m = wordsFor(names.recipient).mail.noteReminder;
  const greeting = m.greeting.replace('{{name}}', inert(names.other));
  const texts = {
    subject: m.subject,
    greeting,
    body: m.body,
    button: names.thanked ? m.button : m.buttonWithThanks,
  };
  return linkMail(texts, link, names.thanked ? [] : [m.thanks], '', names.recipient);
}
