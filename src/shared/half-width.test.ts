import { describe, expect, it } from 'vitest';
import { hasEmoji, toHalfWidth } from './half-width';
import { completeCodeRequestSchema } from './schemas/auth';
import { emailSchema, personName } from './schemas/common';
import { deskInputSchema } from './schemas/desk';
import { createInvitationSchema } from './schemas/invitations';
import { mentorProfileFieldsSchema, mentorRegistrationSchema } from './schemas/mentors';
import { registrationCorrectionSchema, studentRegistrationSchema } from './schemas/registration';
import { studentProfileUpdateSchema } from './schemas/students';
import { VALIDATION } from './messages/validation-keys';

describe('toHalfWidth', () => {
  it('reads full-width letters, digits, ＠ and symbols as ASCII, and the 全角 space as a space', () => {
    expect(toHalfWidth('ｔａｒｏ．ｙａｍａｄａ＠ｅｘａｍｐｌｅ．ｊｐ')).toBe(
      'taro.yamada@example.jp',
    );
    expect(toHalfWidth('Ａ１２－３４５　６')).toBe('A12-345 6');
    expect(toHalfWidth('！～')).toBe('!~');
  });

  it('leaves kana, kanji, half-width kana and what is ASCII already as they were', () => {
    for (const text of ['山田 花子', 'ヤマダ', 'ﾔﾏﾀﾞ', '㈱ミライ', 'abc-123@x.jp', 'ー']) {
      expect(toHalfWidth(text)).toBe(text);
    }
  });
});

describe('hasEmoji', () => {
  it.each(['🌸', '👍🏽', '🇯🇵', '❤️', '1️⃣', '☺', '©'])('finds %j', (text) => {
    expect(hasEmoji(`花子${text}`)).toBe(true);
  });

  it.each(['山田 花子', 'Anne-Marie', '佐藤・花子', '〆子', '#1', '＊', '123'])(
    'finds none in %j',
    (text) => {
      expect(hasEmoji(text)).toBe(false);
    },
  );
});

describe('the schemas of addresses, codes, 学籍番号 and names', () => {
  it('read an address typed in 全角 as half-width wherever one is asked', () => {
    const typed = '　Ｔａｒｏ＠Ｅｘａｍｐｌｅ．ｊｐ　';
    expect(emailSchema.parse(typed)).toBe('taro@example.jp');
    expect(createInvitationSchema.parse({ email: typed }).email).toBe('taro@example.jp');
    expect(
      deskInputSchema.parse({
        name: '',
        email: typed,
        phone: '０３－１２３４－５６７８',
        hours: '',
        note: '',
      }),
    ).toMatchObject({ email: 'taro@example.jp', phone: '03-1234-5678' });
  });

  it('read a code and a 学籍番号 typed in 全角 as half-width', () => {
    expect(completeCodeRequestSchema.parse({ email: 'a@b.jp', code: '１２３４５６' }).code).toBe(
      '123456',
    );
    expect(studentRegistrationSchema.shape.studentNumber.parse('１Ｙ２３Ａ４５６')).toBe(
      '1Y23A456',
    );
    expect(registrationCorrectionSchema.shape.studentNumber.parse(' Ｓ－００４２　')).toBe(
      'S-0042',
    );
  });

  it('refuse a name with an emoji with its own message', () => {
    const result = personName(VALIDATION.nameRequired).safeParse('山田 花子🌸');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([VALIDATION.nameEmoji]);
    expect(personName(VALIDATION.nameRequired).parse('山田 花子')).toBe('山田 花子');
  });

  it('refuse it wherever a student or an alumna names herself: registration, her profile, the link', () => {
    for (const name of [
      studentRegistrationSchema.shape.name,
      registrationCorrectionSchema.shape.name,
      studentProfileUpdateSchema.shape.name,
      mentorProfileFieldsSchema.shape.name,
    ]) {
      const result = name.safeParse('佐藤 美咲✨');
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([VALIDATION.nameEmoji]);
    }
  });

  it('read the invitation code and address an alumna registers with as half-width', () => {
    const registration = mentorRegistrationSchema.def.right;
    expect(
      registration.parse({ email: 'ｏｇ＠ｅｘａｍｐｌｅ．ｊｐ', code: 'ａｂｃ１２３' }),
    ).toMatchObject({ email: 'og@example.jp', code: 'ABC123' });
  });
});
