import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { OutgoingMail } from './transport';

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

/**
 * Writes a message to the outbox. Call it inside the transaction of the change that causes
 * the message, so the two commit or fail together and an SMTP outage loses nothing.
 */
export async function enqueueMail(
  executor: Executor,
  mail: Omit<OutgoingMail, 'links'>,
): Promise<void> {
  await executor.insert(mailOutbox).values({ ...mail, links: extractLinks(mail.text) });
}
