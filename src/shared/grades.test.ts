import { describe, expect, it } from 'vitest';
import { GRADES, gradeName } from './constants';

describe('grades in the reader’s language', () => {
  it('reads every grade in English in English mode, and as stored in Japanese', () => {
    for (const grade of GRADES) {
      expect(gradeName(grade, 'ja')).toBe(grade);
      expect(gradeName(grade, 'en')).not.toMatch(/[年院]/);
    }
    expect(gradeName('3年', 'en')).toBe('3rd year');
    expect(gradeName('大学院1年', 'en')).toBe("1st year (master's)");
    // A grade the list no longer has stays as recorded rather than disappearing.
    expect(gradeName('研究生', 'en')).toBe('研究生');
  });
});
