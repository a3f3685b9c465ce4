import { describe, expect, it } from 'vitest';
import { GRADES } from '../constants';
import { ja } from '../messages/ja';
import { emailDomain, emailMatchesDomains, requiredText, SHORT_TEXT_MAX_LENGTH } from './common';
import { studentRegistrationSchema } from './registration';

const valid = {
  name: '山田 花子',
  nameReading: 'ヤマダ ハナコ',
  studentNumber: '1Y23A456',
  universityId: 'waseda',
  faculty: '政治経済学部',
  department: '経済学科',
  grade: '3年',
  email: 'hanako@akane.waseda.jp',
  termsAccepted: true,
};

/** The catalogue entry at a dotted path such as 'validation.nameRequired', or undefined. */
function lookup(key: string): unknown {
  let node: unknown = ja;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Every message reported on one top-level field, in order. */
function messagesAt(input: unknown, field: string): string[] {
  const result = studentRegistrationSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path.length === 1 && issue.path[0] === field)
    .map((issue) => issue.message);
}

function without(field: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...valid };
  delete copy[field];
  return copy;
}

/** Asserts the key is a non-empty Japanese string in the catalogue, so a typo fails. */
function expectKnownKey(key: string) {
  const message = lookup(key);
  expect(typeof message, key).toBe('string');
  expect((message as string).length, key).toBeGreaterThan(0);
}

const TEXT_FIELDS = [
  ['name', 'validation.nameRequired'],
  ['studentNumber', 'validation.studentNumberRequired'],
  ['faculty', 'validation.facultyRequired'],
  ['department', 'validation.departmentRequired'],
] as const;

describe('studentRegistrationSchema', () => {
  it('accepts a complete form, trimming the texts and lower-casing the address', () => {
    const parsed = studentRegistrationSchema.parse({
      ...valid,
      name: '  山田 花子 ',
      studentNumber: ' 1Y23A456\t',
      faculty: ' 政治経済学部 ',
      department: '\u3000経済学科 ',
      email: '  Hanako@AKANE.Waseda.JP ',
    });
    expect(parsed).toEqual({
      name: '山田 花子',
      nameReading: 'ヤマダ ハナコ',
      studentNumber: '1Y23A456',
      universityId: 'waseda',
      faculty: '政治経済学部',
      department: '経済学科',
      grade: '3年',
      email: 'hanako@akane.waseda.jp',
      termsAccepted: true,
    });
  });

  it('accepts every grade of the select, graduate years included', () => {
    for (const grade of GRADES) {
      expect(studentRegistrationSchema.safeParse({ ...valid, grade }).success, grade).toBe(true);
    }
    expect(GRADES).toEqual(['1年', '2年', '3年', '4年', '大学院1年', '大学院2年']);
  });

  it('nameReading: stores katakana whatever kana was typed, spaces folded to one', () => {
    const readingOf = (nameReading: string) =>
      studentRegistrationSchema.parse({ ...valid, nameReading }).nameReading;
    expect(readingOf(' やまだ\u3000\u3000はなこ ')).toBe('ヤマダ ハナコ');
    expect(readingOf('ﾔﾏﾀﾞ ﾊﾅｺ')).toBe('ヤマダ ハナコ');
    expect(readingOf('さとう・えみりー')).toBe('サトウ・エミリー');
    expect(readingOf('ア'.repeat(40))).toBe('ア'.repeat(40));
  });

  it('nameReading: missing or blank asks for it; kanji, latin or 41 characters ask for kana', () => {
    const required = 'validation.nameReadingRequired';
    const kana = 'validation.nameReadingKana';
    expectKnownKey(required);
    expectKnownKey(kana);
    expect(messagesAt(without('nameReading'), 'nameReading')).toEqual([required]);
    expect(messagesAt({ ...valid, nameReading: null }, 'nameReading')).toEqual([required]);
    expect(messagesAt({ ...valid, nameReading: ' \u3000 ' }, 'nameReading')).toEqual([required]);
    for (const reading of ['山田 花子', 'Yamada Hanako', 'やまだ1', 'ア'.repeat(41)]) {
      expect(messagesAt({ ...valid, nameReading: reading }, 'nameReading'), reading).toEqual([
        kana,
      ]);
    }
  });

  it('keeps an empty honeypot optional and accepts it filled (the route discards such posts)', () => {
    expect(studentRegistrationSchema.safeParse({ ...valid, website: '' }).success).toBe(true);
    expect(studentRegistrationSchema.parse({ ...valid, website: 'spam' }).website).toBe('spam');
  });

  for (const [field, key] of TEXT_FIELDS) {
    it(`${field}: missing, blank or whitespace-only gives exactly ${key}`, () => {
      expectKnownKey(key);
      expect(messagesAt(without(field), field)).toEqual([key]);
      expect(messagesAt({ ...valid, [field]: '' }, field)).toEqual([key]);
      expect(messagesAt({ ...valid, [field]: ' \t\u3000 ' }, field)).toEqual([key]);
      expect(messagesAt({ ...valid, [field]: null }, field)).toEqual([key]);
    });

    it(`${field}: more than ${SHORT_TEXT_MAX_LENGTH} characters gives validation.textTooLong`, () => {
      expectKnownKey('validation.textTooLong');
      expect(messagesAt({ ...valid, [field]: 'あ'.repeat(101) }, field)).toEqual([
        'validation.textTooLong',
      ]);
      // Exactly 100, and 100 after trimming, are fine.
      expect(messagesAt({ ...valid, [field]: 'あ'.repeat(100) }, field)).toEqual([]);
      expect(messagesAt({ ...valid, [field]: ` ${'あ'.repeat(100)} ` }, field)).toEqual([]);
    });
  }

  it('universityId: missing, blank or whitespace-only gives exactly validation.universityRequired', () => {
    const key = 'validation.universityRequired';
    expectKnownKey(key);
    expect(messagesAt(without('universityId'), 'universityId')).toEqual([key]);
    expect(messagesAt({ ...valid, universityId: '' }, 'universityId')).toEqual([key]);
    expect(messagesAt({ ...valid, universityId: '   ' }, 'universityId')).toEqual([key]);
  });

  it('grade: missing, blank, out of range or not a grade gives exactly validation.gradeRequired', () => {
    const key = 'validation.gradeRequired';
    expectKnownKey(key);
    expect(messagesAt(without('grade'), 'grade')).toEqual([key]);
    for (const grade of ['', '  ', '7年', '0年', '3', 'x', 3]) {
      expect(messagesAt({ ...valid, grade }, 'grade'), String(grade)).toEqual([key]);
    }
  });

  it('email: missing, blank or whitespace-only gives validation.emailRequired first', () => {
    expectKnownKey('validation.emailRequired');
    expect(messagesAt(without('email'), 'email')).toEqual(['validation.emailRequired']);
    // A blank address also fails the pattern; the form and the API show the first message.
    for (const email of ['', '   ']) {
      const messages = messagesAt({ ...valid, email }, 'email');
      expect(messages[0], JSON.stringify(email)).toBe('validation.emailRequired');
      expect(messages.every((m) => m.startsWith('validation.email'))).toBe(true);
    }
  });

  it('email: a malformed address gives exactly validation.emailInvalid', () => {
    expectKnownKey('validation.emailInvalid');
    for (const email of ['a@b', 'no-at-sign', 'two@@example.com', 'sp ace@example.com', '@x.jp']) {
      expect(messagesAt({ ...valid, email }, 'email'), email).toEqual(['validation.emailInvalid']);
    }
  });

  it('termsAccepted: false, missing or a truthy non-boolean gives exactly validation.termsRequired', () => {
    const key = 'validation.termsRequired';
    expectKnownKey(key);
    expect(messagesAt(without('termsAccepted'), 'termsAccepted')).toEqual([key]);
    for (const termsAccepted of [false, 'true', 1]) {
      expect(
        messagesAt({ ...valid, termsAccepted }, 'termsAccepted'),
        String(termsAccepted),
      ).toEqual([key]);
    }
  });

  it('reports every missing field at once, each with its own key', () => {
    const result = studentRegistrationSchema.safeParse({});
    expect(result.success).toBe(false);
    const byField = new Map<string, string>();
    for (const issue of result.error!.issues) {
      if (!byField.has(String(issue.path[0]))) byField.set(String(issue.path[0]), issue.message);
    }
    expect(Object.fromEntries(byField)).toEqual({
      name: 'validation.nameRequired',
      nameReading: 'validation.nameReadingRequired',
      studentNumber: 'validation.studentNumberRequired',
      universityId: 'validation.universityRequired',
      faculty: 'validation.facultyRequired',
      department: 'validation.departmentRequired',
      grade: 'validation.gradeRequired',
      email: 'validation.emailRequired',
      termsAccepted: 'validation.termsRequired',
    });
  });

  it('uses only message keys that exist in the Japanese catalogue', () => {
    for (const key of [
      'validation.nameRequired',
      'validation.studentNumberRequired',
      'validation.universityRequired',
      'validation.facultyRequired',
      'validation.departmentRequired',
      'validation.gradeRequired',
      'validation.emailRequired',
      'validation.emailInvalid',
      'validation.termsRequired',
      'validation.textTooLong',
      'validation.emailDomainMismatch',
      'errors.registration/domain-not-allowed',
      'errors.auth/email-already-in-use',
    ]) {
      expectKnownKey(key);
    }
    // The lookup itself must be able to fail.
    expect(lookup('validation.nameRequierd')).toBeUndefined();
  });
});

describe('requiredText', () => {
  const schema = requiredText('validation.facultyRequired');

  it('trims and keeps the text', () => {
    expect(schema.parse('  工学部  ')).toBe('工学部');
  });

  it('refuses missing, blank and whitespace-only values with its own key', () => {
    for (const value of [undefined, null, '', '   ', '\n\t']) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toEqual(['validation.facultyRequired']);
    }
  });

  it('allows 100 characters and refuses 101 with validation.textTooLong', () => {
    expect(SHORT_TEXT_MAX_LENGTH).toBe(100);
    expect(schema.safeParse('a'.repeat(100)).success).toBe(true);
    const result = schema.safeParse('a'.repeat(101));
    expect(result.error!.issues.map((i) => i.message)).toEqual(['validation.textTooLong']);
  });
});

describe('emailDomain', () => {
  it('is the lower-cased part after the last @', () => {
    expect(emailDomain('Hanako@AKANE.Waseda.JP')).toBe('akane.waseda.jp');
    expect(emailDomain('student@keio.jp')).toBe('keio.jp');
    expect(emailDomain('"odd@local"@keio.jp')).toBe('keio.jp');
  });
});

describe('emailMatchesDomains', () => {
  const waseda = ['akane.waseda.jp', 'ruri.waseda.jp'];

  it('matches a listed domain in any letter case, on either side', () => {
    expect(emailMatchesDomains('a@akane.waseda.jp', waseda)).toBe(true);
    expect(emailMatchesDomains('A@AKANE.WASEDA.JP', waseda)).toBe(true);
    expect(emailMatchesDomains('a@Ruri.Waseda.jp', waseda)).toBe(true);
    expect(emailMatchesDomains('a@ruri.waseda.jp', ['RURI.WASEDA.JP'])).toBe(true);
  });

  it('matches exactly: no parent domain, subdomain or suffix trick', () => {
    expect(emailMatchesDomains('a@waseda.jp', waseda)).toBe(false);
    expect(emailMatchesDomains('a@x.akane.waseda.jp', waseda)).toBe(false);
    expect(emailMatchesDomains('a@sub.waseda.jp', ['waseda.jp'])).toBe(false);
    expect(emailMatchesDomains('a@evilwaseda.jp', ['waseda.jp'])).toBe(false);
    expect(emailMatchesDomains('a@waseda.jp.evil.com', ['waseda.jp'])).toBe(false);
    expect(emailMatchesDomains('a@akane.waseda.jpx', waseda)).toBe(false);
    expect(emailMatchesDomains('akane.waseda.jp@evil.com', waseda)).toBe(false);
  });

  it('matches nothing against an empty list', () => {
    expect(emailMatchesDomains('a@keio.jp', [])).toBe(false);
  });
});
