import { describe, expect, it } from 'vitest';
import { ja } from '../messages/ja';
import { loginLinkRequestSchema } from './auth';
import { EMAIL_PATTERN, emailSchema, isPlainEmail, looksLinkLike, personName } from './common';
import { createInvitationSchema } from './invitations';
import { mentorProfileFieldsSchema } from './mentors';
import { studentRegistrationSchema } from './registration';
import { studentProfileUpdateSchema } from './students';

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
  'ｅｖｅ@example.com',
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
