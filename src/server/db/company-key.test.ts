import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyKey } from '../../shared/company';
import { createTestApp, type TestApp } from '../test/app';
import { companyKeyOf } from './company-key';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Names as people write them on profiles: widths, kanas, spaces, legal forms before or after. */
const NAMES = [
  '株式会社みらいテック',
  'ミライテック（株）',
  '㈱ミライテック',
  'ﾐﾗｲﾃｯｸ',
  ' みらい　テック ',
  'ＡＢＣ商事株式会社',
  'abc商事',
  '有限会社ヴィーナス',
  '合同会社ワン・ツー',
  'Sample Inc.',
  '株式会社',
];

describe('a company’s key', () => {
  it('folds a name as search does and leaves its legal form out', () => {
    expect(companyKey('株式会社みらいテック')).toBe('みらいてっく');
    expect(companyKey('ミライテック（株）')).toBe('みらいてっく');
    expect(companyKey('ＡＢＣ商事株式会社')).toBe('abc商事');
    expect(companyKey('株式会社')).toBe('');
  });

  it('is the same in the database as in shared/company', async () => {
    for (const name of NAMES) {
      const answer = (await t.app.ctx.db.execute(
        sql`select ${companyKeyOf(sql`${name}::text`)} as key`,
      )) as unknown as { rows: { key: string }[] };
      expect(answer.rows[0]?.key, name).toBe(companyKey(name));
    }
  });
});
