import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDateFormat } from './lazy-date-format';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyDateFormat', () => {
  it('makes no formatter until one is used, then one per language, kept', () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as unknown as typeof Real);
    const format = lazyDateFormat(
      { timeZone: 'Asia/Tokyo', month: 'numeric', day: 'numeric' },
      { timeZone: 'Asia/Tokyo', month: 'short', day: 'numeric' },
    );
    expect(made).not.toHaveBeenCalled();

    // 15:30 UTC on 2 December is 3 December in Japan.
    const instant = new Date('2026-12-02T15:30:00Z');
    const japanese = format('ja');
    expect(japanese.format(instant)).toBe('12/3');
    expect(format(undefined)).toBe(japanese);
    expect(made).toHaveBeenCalledTimes(1);

    expect(format('en').format(instant)).toBe('Dec 3');
    expect(format('en-US')).toBe(format('en'));
    expect(made).toHaveBeenCalledTimes(2);
  });
});
