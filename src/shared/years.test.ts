import { describe, expect, it } from 'vitest';
import {
  comingGraduationYear,
  graduationYears,
  joinedYears,
  latestGraduationYear,
  latestJoinedYear,
  MIN_GRADUATION_YEAR,
} from './constants';
import { mentorProfileFieldsSchema } from './schemas/mentors';

/** The years a profile offers are exactly the years its rule accepts (docs/PRODUCT.md §5). */

const profile = {
  name: '新井 里奈',
  nameReading: 'アライ リナ',
  universityId: 'keio',
  industryCategory: 'その他',
  company: '株式会社あおば銀行',
  message: '地方で働く面白さを話します。',
};

function firstMessage(input: Record<string, unknown>, path: string): string | undefined {
  const result = mentorProfileFieldsSchema.safeParse({ ...profile, ...input });
  return result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('graduation and 入社 years', () => {
  it('offers graduation years from next year back to 1960, and accepts each one offered', () => {
    const years = graduationYears();
    expect(MIN_GRADUATION_YEAR).toBe(1960);
    expect(years[0]).toBe(latestGraduationYear());
    expect(years.at(-1)).toBe(1960);
    for (const year of [years[0], 1985, 1960]) {
      expect(
        mentorProfileFieldsSchema.safeParse({ ...profile, graduationYear: year }).success,
      ).toBe(true);
    }
  });

  it('says the rule when a graduation year outside it is sent', () => {
    for (const year of [1959, latestGraduationYear() + 1]) {
      expect(firstMessage({ graduationYear: year }, 'graduationYear')).toBe(
        'validation.graduationYearOutOfRange',
      );
    }
  });

  it('offers a 4年 student graduating next March exactly next year as 入社年, and accepts it', () => {
    const nextYear = latestJoinedYear();
    expect(joinedYears(nextYear)).toEqual([nextYear]);
    const result = mentorProfileFieldsSchema.safeParse({
      ...profile,
      graduationYear: nextYear,
      joinedYear: String(nextYear),
    });
    expect(result.error?.issues).toBeUndefined();
    expect(result.data?.joinedYear).toBe(nextYear);
  });

  it('offers 入社年 from the graduation year up to next year, and accepts every year offered', () => {
    const years = joinedYears(2015);
    expect(years[0]).toBe(latestJoinedYear());
    expect(years.at(-1)).toBe(2015);
    for (const year of years) {
      expect(firstMessage({ graduationYear: 2015, joinedYear: String(year) }, 'joinedYear')).toBe(
        undefined,
      );
    }
    // With no graduation year chosen yet, back to the earliest graduation year.
    expect(joinedYears(null).at(-1)).toBe(1960);
  });

  it('refuses a 入社年 outside the rule with a message that says the rule', () => {
    expect(firstMessage({ graduationYear: 2015, joinedYear: '2014' }, 'joinedYear')).toBe(
      'validation.joinedYearBeforeGraduation',
    );
    expect(
      firstMessage(
        { graduationYear: 2015, joinedYear: String(latestJoinedYear() + 1) },
        'joinedYear',
      ),
    ).toBe('validation.joinedYearInvalid');
  });

  it('counts the year in Japan: on New Year’s morning in Tokyo next year is already the one after', () => {
    // 2026-12-31 20:00 UTC is 2027-01-01 05:00 in Tokyo.
    const newYearInTokyo = new Date('2026-12-31T20:00:00Z');
    expect(latestGraduationYear(newYearInTokyo)).toBe(2028);
    expect(joinedYears(2027, newYearInTokyo)).toEqual([2028, 2027]);
    expect(latestGraduationYear(new Date('2026-12-31T14:00:00Z'))).toBe(2027);
  });

  it('starts the graduation form at the coming March, turning on April 1 in Japan', () => {
    // 2027-03-31 14:59 UTC is March 31 23:59 in Tokyo; a minute later it is April 1.
    expect(comingGraduationYear(new Date('2027-03-31T14:59:00Z'))).toBe(2027);
    expect(comingGraduationYear(new Date('2027-03-31T15:00:00Z'))).toBe(2028);
    // New Year's morning in Tokyo is already the new year's March to come.
    expect(comingGraduationYear(new Date('2026-12-31T14:00:00Z'))).toBe(2027);
    expect(comingGraduationYear(new Date('2026-12-31T20:00:00Z'))).toBe(2027);
    expect(comingGraduationYear(new Date('2027-01-01T00:00:00Z'))).toBe(2027);
  });
});
