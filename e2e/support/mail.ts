import { expect, type APIRequestContext } from '@playwright/test';

export interface DevMail {
  to: string;
  subject: string;
  links: string[];
  text: string;
}

/** The newest mail to `to` in the local outbox, waiting for the worker to send it. */
export async function mailTo(request: APIRequestContext, to: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/_dev/mail')).json()) as DevMail[];
        found = mails.find((mail) => mail.to === to);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export function verifyLink(mail: DevMail): string {
  const link = mail.links.find((url) => url.includes('/auth/verify-email?token='));
  expect(link, 'the mail carries a link to /auth/verify-email').toBeDefined();
  return link!;
}
