import { expect, type APIRequestContext } from '@playwright/test';

export interface DevMail {
  to: string;
  subject: string;
  links: string[];
  text: string;
  sentAt: string | null;
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

/** When the newest mail to `to` was sent (null: none yet): what a later wait must be newer than. */
export async function lastMailAt(request: APIRequestContext, to: string): Promise<string | null> {
  const mails = (await (await request.get('/_dev/mail')).json()) as DevMail[];
  return mails.find((mail) => mail.to === to)?.sentAt ?? null;
}

/**
 * The first mail to `to` sent after `since` that satisfies `wanted`: a mail sent just before
 * (an approval, say) is not the one the test waits for, however the outbox orders its sending.
 */
export async function newMailTo(
  request: APIRequestContext,
  to: string,
  since: string | null,
  wanted: (mail: DevMail) => boolean,
): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/_dev/mail')).json()) as DevMail[];
        found = mails.find(
          (mail) =>
            mail.to === to && (since === null || (mail.sentAt ?? '') > since) && wanted(mail),
        );
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
