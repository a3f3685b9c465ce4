import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ja } from '../messages/ja';
import { VALIDATION } from '../messages/validation-keys';
import { universityInputSchema } from './admin';
import { loginLinkRequestSchema } from './auth';
import {
  companyReadingSchema,
  EMAIL_PATTERN,
  emailSchema,
  isPlainEmail,
  kanaReadingSchema,
  looksLinkLike,
  multiLineText,
  personName,
  personReadingSchema,
  requiredText,
  SHORT_TEXT_MAX_LENGTH,
  visibleText,
} from './common';
import { deskInputSchema } from './desk';
import { createInvitationSchema } from './invitations';
import { mentorProfileFieldsSchema } from './mentors';
import { studentRegistrationSchema } from './registration';
import { reportFormSchema, resolveReportSchema } from './safety';
import { studentProfileUpdateSchema } from './students';
import { replyTemplateSchema, threadPostSchema } from './threads';
import {
  meetingDetailsSchema,
  visitAcceptProposalSchema,
  visitAcceptSchema,
  visitFeedbackSchema,
  visitProposeSchema,
  visitReplySchema,
  visitRequestFormSchema,
} from './visit-requests';

/** What a mail library would read as more than one plain address. */
const NOT_ONE_PLAIN_ADDRESS = [
  'a@example.com,b@example.com',
  'a,b@example.com',
  'a@example.com;b@example.com',
  'Eve <eve@example.com>',
  '<eve@example.com>',
  'eve@example.com>',
  '"eve"@example.com',
  '"a@b.jp"@example.com',
  "o'brien@example.com",
  'a b@example.com',
  'a@b@example.com',
  'a@@example.com',
  'eve@example.com (comment)',
  'eve(comment)@example.com',
  'group:eve@example.com;',
  'eve@[127.0.0.1]',
  'eve\\@example.com',
  // Full-width ｅｖｅ is read as eve (half-width.test.ts); other letters stay refused.
  'ëve@example.com',
  'イヴ@example.com',
  'eve@例え.jp',
  'eve@example..com',
  '.eve@example.com',
  'eve.@example.com',
  'eve@-example.com',
  'eve@example',
  'eve@example.com\r\nBcc: x@example.com',
];

describe('strict addresses', () => {
  it('keeps the everyday addresses of students and alumni', () => {
    for (const email of [
      'hanako@akane.waseda.jp',
      'taro.yamada@keio.jp',
      'og+seminar@example.co.jp',
      'first_last-1@mail.example.ac.jp',
      'A1@B2.JP',
    ]) {
      expect(isPlainEmail(email), email).toBe(true);
      expect(emailSchema.safeParse(email).success, email).toBe(true);
    }
  });

  it.each(NOT_ONE_PLAIN_ADDRESS)('refuses %j as the format error everywhere', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
    const login = loginLinkRequestSchema.safeParse({ email });
    expect(login.success).toBe(false);
    expect(login.error!.issues[0]!.message).toBe('validation.emailInvalid');
    const invite = createInvitationSchema.safeParse({ email });
    expect(invite.success).toBe(false);
    expect(invite.error!.issues[0]!.message).toBe('validation.inviteEmailInvalid');
    const registration = studentRegistrationSchema.safeParse({ email });
    const emailIssues = registration.error!.issues.filter((issue) => issue.path[0] === 'email');
    expect(emailIssues.map((issue) => issue.message)).toEqual(['validation.emailInvalid']);
  });

  it('refuses an address longer than SMTP carries', () => {
    expect(isPlainEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});

describe('names that cannot become links in a mail', () => {
  const LINK_LIKE = [
    'https://evil.example',
    'evil.example',
    '山田 evil.example',
    'www.山田',
    'ＷＷＷ．example',
    'ｅｖｉｌ．ｃｏｍ',
    'evil。com',
    'evil｡com',
    'xn--r8jz45g.xn--zckzah',
    'hxxp://x',
    'javascript://x',
    'mailto:eve',
    'eve@example',
    '山田＠example',
    '<b>山田</b>',
    '山田 >',
    '＜山田＞',
  ];
  const NAMES = [
    '山田 花子',
    '佐藤　美咲',
    'Hanako Yamada',
    'J. Smith',
    'Mary-Jane O’Neil',
    '山田・花子',
  ];

  it.each(LINK_LIKE)('finds %j link-like', (text) => {
    expect(looksLinkLike(text)).toBe(true);
  });

  it.each(NAMES)('lets the name %j through', (text) => {
    expect(looksLinkLike(text)).toBe(false);
    expect(personName('validation.nameRequired').safeParse(text).success).toBe(true);
  });

  it('refuses them in the student and alumni name fields with its own Japanese message', () => {
    expect(ja.validation.nameLinkLike).toContain('URL');
    const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      result.error?.issues.filter((issue) => issue.path[0] === 'name').map((i) => i.message);
    for (const name of ['evil.example', 'https://evil.example', '<script>']) {
      expect(issuesOf(studentRegistrationSchema.safeParse({ name }))).toEqual([
        'validation.nameLinkLike',
      ]);
      expect(issuesOf(studentProfileUpdateSchema.safeParse({ name, grade: '1年' }))).toEqual([
        'validation.nameLinkLike',
      ]);
      expect(issuesOf(mentorProfileFieldsSchema.safeParse({ name }))).toEqual([
        'validation.nameLinkLike',
      ]);
    }
  });
});

describe('text as it is stored: no invisible or direction-changing characters', () => {
  const INVISIBLE = [
    '\u200B',
    '\u200C',
    '\u200D',
    '\u200E',
    '\u200F',
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\uFEFF',
    '\u061C',
    '\u2060',
    // Found by review: the soft hyphen, the combining grapheme joiner, a tag character, an
    // interlinear annotation sign, the Mongolian vowel separator and the letters drawn blank.
    '\u00AD',
    '\u034F',
    '\u{E0041}',
    '\uFFF9',
    '\u180E',
    '\u3164',
    '\u115F',
    '\u1160',
    '\uFFA0',
    '\u2800',
  ];

  it.each(INVISIBLE.map((char) => [char.codePointAt(0)!.toString(16), char]))(
    'removes U+%s from one-line and multi-line text',
    (_, char) => {
      expect(visibleText(`山田${char}花子`, 'one')).toBe('山田花子');
      expect(visibleText(`山田${char}\n花子`, 'many')).toBe('山田\n花子');
    },
  );

  it('keeps line breaks (as \\n) and tabs in multi-line text, and drops other controls', () => {
    expect(visibleText('一\r\n二\r三\u2028四\u2029五\u0085六', 'many')).toBe(
      '一\n二\n三\n四\n五\n六',
    );
    expect(visibleText('a\tb\u0000c\u0007d\u001Be\u007Ff\u009Bg', 'many')).toBe('a\tbcdefg');
  });

  it('makes each run of line breaks and tabs one space in one-line text', () => {
    expect(visibleText('渋谷駅\r\n\t前\u2028カフェ\u0000', 'one')).toBe('渋谷駅 前 カフェ');
  });

  it('applies "required" and the length limit to what is stored', () => {
    const required = requiredText(VALIDATION.nameRequired);
    // A name of a blank letter alone (U+3164) looked filled in and showed as nothing.
    expect(required.safeParse('\u3164').error?.issues[0]?.message).toBe(VALIDATION.nameRequired);
    expect(required.safeParse('\u200B\u202E \uFEFF').error?.issues[0]?.message).toBe(
      VALIDATION.nameRequired,
    );
    const full = 'あ'.repeat(SHORT_TEXT_MAX_LENGTH);
    expect(required.safeParse(`${full}${'\u200B'.repeat(20)}`).data).toBe(full);
    expect(multiLineText().max(3).safeParse('a\u202Eb\u200Bc\u2066').success).toBe(true);
  });

  it('finds a link hidden by a zero-width space in a name', () => {
    const name = personName(VALIDATION.nameRequired).safeParse('evil\u200B.com');
    expect(name.error?.issues[0]?.message).toBe(VALIDATION.nameLinkLike);
  });

  /** Every free-text field of every form, by its schema. */
  const FREE_TEXT_FIELDS: [string, z.ZodObject, string[]][] = [
    [
      'student registration',
      studentRegistrationSchema,
      ['name', 'studentNumber', 'faculty', 'department'],
    ],
    [
      'student profile',
      studentProfileUpdateSchema,
      ['name', 'faculty', 'department', 'desiredIndustry', 'desiredJobType', 'selfIntroduction'],
    ],
    [
      'alumni profile',
      mentorProfileFieldsSchema,
      ['name', 'industryCategory', 'industrySubcategory', 'company', 'message', 'topicsNote'],
    ],
    ['visit request', visitRequestFormSchema, ['message']],
    ['accepting', visitAcceptSchema, ['message', 'meetingPlace']],
    ['accepting a proposal', visitAcceptProposalSchema, ['message', 'meetingPlace']],
    ['proposing', visitProposeSchema, ['message']],
    ['declining, cancelling', visitReplySchema, ['message']],
    ['meeting details', meetingDetailsSchema, ['meetingPlace']],
    ['feedback', visitFeedbackSchema, ['comment']],
    ['thread message', threadPostSchema, ['body']],
    ['saved reply', replyTemplateSchema, ['title', 'body']],
    ['report', reportFormSchema, ['details']],
    ['resolving a report', resolveReportSchema, ['note']],
    ['university', universityInputSchema, ['name', 'nameEn']],
    ['consultation desk', deskInputSchema, ['name', 'hours', 'note']],
  ];
  const cases = FREE_TEXT_FIELDS.flatMap(([form, schema, fields]) =>
    fields.map((field) => [form, field, schema.shape[field] as z.ZodType] as const),
  );

  it.each(cases)(
    '%s: %s is stored without them, and empty when that is all it held',
    (_, __, field) => {
      expect(field.safeParse('\u202E山田\u200B花子\uFEFF').data).toBe('山田花子');
      // Refused as empty where required; else not given.
      const emptied = field.safeParse('\u200B\u2066\u202E');
      if (emptied.success) expect([undefined, null, '']).toContain(emptied.data);
      else expect(emptied.error.issues[0]?.message).toMatch(/^validation\.\w+Required$/);
    },
  );

  it('reads readings without them', () => {
    expect(personReadingSchema.parse('やまだ\u200B\u202Eはなこ')).toBe('ヤマダハナコ');
    expect(companyReadingSchema.parse('\u200B')).toBeNull();
    expect(kanaReadingSchema.parse('わせだ\uFEFF')).toBe('わせだ');
  });
});
