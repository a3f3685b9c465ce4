import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterSignIn } from './browser-storage';

const HOUR_MS = 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('afterSignIn', () => {
  it('gives back the page remembered, once', () => {
    afterSignIn.remember('/visit-requests/abc?from=mail');
    expect(afterSignIn.take()).toBe('/visit-requests/abc?from=mail');
    expect(afterSignIn.take()).toBeNull();
  });

  it('gives nothing when nothing was remembered', () => {
    expect(afterSignIn.take()).toBeNull();
  });

  it('keeps only the latest page', () => {
    afterSignIn.remember('/profile');
    afterSignIn.remember('/visit-requests');
    expect(afterSignIn.take()).toBe('/visit-requests');
  });

  it('forgets a page remembered an hour ago or more', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T03:00:00Z') });
    afterSignIn.remember('/visit-requests/abc');
    vi.setSystemTime(Date.now() + HOUR_MS - 1);
    expect(afterSignIn.take()).toBe('/visit-requests/abc');

    afterSignIn.remember('/visit-requests/abc');
    vi.setSystemTime(Date.now() + HOUR_MS);
    expect(afterSignIn.take()).toBeNull();
    // Taken even though too old: a later sign-in does not find it either.
    vi.setSystemTime(Date.now() - HOUR_MS);
    expect(afterSignIn.take()).toBeNull();
  });

  it.each(['https://evil.example/visit-requests', '//evil.example/x', 'visit-requests', ''])(
    'refuses %j, which is not a path of this site',
    (path) => {
      afterSignIn.remember(path);
      expect(afterSignIn.take()).toBeNull();
      expect(localStorage.getItem('afterSignIn')).toBeNull();
    },
  );

  it('ignores what it did not write', () => {
    localStorage.setItem('afterSignIn', 'not json');
    expect(afterSignIn.take()).toBeNull();
    localStorage.setItem('afterSignIn', JSON.stringify({ path: '/profile' }));
    expect(afterSignIn.take()).toBeNull();
    localStorage.setItem('afterSignIn', JSON.stringify({ path: 42, at: Date.now() }));
    expect(afterSignIn.take()).toBeNull();
  });

  it('works without storage, as in some private windows', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => afterSignIn.remember('/profile')).not.toThrow();
    expect(afterSignIn.take()).toBeNull();
  });
});
