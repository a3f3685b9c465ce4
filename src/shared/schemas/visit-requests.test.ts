import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages/validation-keys';
import { followableMeetingUrl, meetingDetailsSchema, meetingUrlProblem } from './visit-requests';

describe('a meeting URL that cannot deceive', () => {
  it.each([
    'https://meet.google.com/abc-defg-hij',
    'https://us02web.zoom.us/j/123?pwd=x',
    'https://teams.microsoft.com/l/meetup-join/19%3a',
    'HTTPS://Meet.Google.com/x',
    'https://meet.example.com:8443/x',
    'https://例え.jp/room',
  ])('follows %s', (url) => {
    expect(meetingUrlProblem(url)).toBeUndefined();
  });

  it.each([
    ['http://meet.google.com/x', VALIDATION.meetingUrlInvalid],
    ['javascript:alert(1)', VALIDATION.meetingUrlInvalid],
    ['meet.google.com/x', VALIDATION.meetingUrlInvalid],
    ['https://', VALIDATION.meetingUrlInvalid],
    ['https://meet.google.com/a b', VALIDATION.meetingUrlInvalid],
    ['https://accounts.google.com@evil.example/', VALIDATION.meetingUrlCredentials],
    ['https://user:pass@meet.google.com/', VALIDATION.meetingUrlCredentials],
    ['https://:pass@meet.google.com/', VALIDATION.meetingUrlCredentials],
    ['https://@meet.google.com/', VALIDATION.meetingUrlCredentials],
    ['https://127.0.0.1/', VALIDATION.meetingUrlIpHost],
    ['https://3232235777/', VALIDATION.meetingUrlIpHost],
    ['https://0x7f.1/', VALIDATION.meetingUrlIpHost],
    ['https://0177.0.0.1/', VALIDATION.meetingUrlIpHost],
    ['https://[::1]/', VALIDATION.meetingUrlIpHost],
    ['https://[::ffff:192.168.0.1]/', VALIDATION.meetingUrlIpHost],
    ['https://localhost/', VALIDATION.meetingUrlHost],
    ['https://intranet:8443/', VALIDATION.meetingUrlHost],
    ['https://meet.google.com./', VALIDATION.meetingUrlHost],
  ])('refuses %s', (url, key) => {
    expect(meetingUrlProblem(url)).toBe(key);
    expect(followableMeetingUrl(url)).toBeNull();
  });

  it('stores the host in ASCII, as the URL parser writes it', () => {
    const parsed = meetingDetailsSchema.parse({ meetingUrl: ' https://例え.jp/room\u200B ' });
    expect(parsed.meetingUrl).toBe('https://xn--r8jz45g.jp/room');
    expect(followableMeetingUrl(parsed.meetingUrl!)?.host).toBe('xn--r8jz45g.jp');
    // A backslash ends the host as a slash does, for the parser and browsers alike.
    expect(
      meetingDetailsSchema.parse({ meetingUrl: 'https://meet.google.com\\@evil.example/' })
        .meetingUrl,
    ).toBe('https://meet.google.com/@evil.example/');
    // A look-alike host (Cyrillic е) shows as what it is.
    expect(
      meetingDetailsSchema.parse({ meetingUrl: 'https://mееt.google.com/' }).meetingUrl,
    ).toMatch(/^https:\/\/xn--/);
  });

  it('lets an empty URL clear the one set', () => {
    expect(meetingDetailsSchema.parse({ meetingUrl: '' }).meetingUrl).toBe('');
    expect(meetingDetailsSchema.parse({ meetingUrl: '\u200B' }).meetingUrl).toBe('');
  });

  it('keeps the length limit on the URL as stored', () => {
    const result = meetingDetailsSchema.safeParse({
      meetingUrl: `https://meet.google.com/${'会'.repeat(60)}`,
    });
    // 60 characters typed, 540 once percent-encoded.
    expect(result.error?.issues[0]?.message).toBe(VALIDATION.meetingUrlTooLong);
  });
});
