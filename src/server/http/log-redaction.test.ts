import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it.each([
    ['/calendar/AbC_dEf-123.ics', '/calendar/[redacted].ics'],
    ['/calendar/AbC.ics?x=1', '/calendar/[redacted].ics?x=1'],
    ['/calendar/AbC_dEf-123/slots.ics', '/calendar/[redacted]/slots.ics'],
    [
      '/auth/verify-email?token=secret&mode=signIn',
      '/auth/verify-email?token=[redacted]&mode=signIn',
    ],
    [
      '/mentor-register?email=a%40b.jp&code=ABC123',
      '/mentor-register?email=[redacted]&code=[redacted]',
    ],
    // A browser's push address: whoever has it could subscribe in the browser's place.
    [
      '/api/me/push?endpoint=https%3A%2F%2Ffcm.googleapis.com%2Ffcm%2Fsend%2Fabc',
      '/api/me/push?endpoint=[redacted]',
    ],
    ['/api/mentors?q=tokyo', '/api/mentors?q=tokyo'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
