import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JAPAN_TIME_ZONE } from '../../shared/constants';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { onlyFromThisMachine } from '../lib/loopback';
import { redactFinishedMail } from './outbox';

/**
 * The local outbox's mailbox, registered only while SMTP_URL is unset and answered only to
 * loopback clients that name this machine in `Host`: the messages "sent" so far, newest first, with every link they carry.
 * A message's body (links, code) is redacted once its links expired (outbox.ts).
 */
export function registerDevMailRoutes(app: FastifyInstance, db: Database) {
  app.get(
    '/_dev/mail',
    { onRequest: async (request) => onlyFromThisMachine(request) },
    async (request, reply) => {
      // Expired links are not shown even between the hourly clean-ups.
      await redactFinishedMail(db, 'local');
      const sent = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'mail'), eq(outbox.status, 'sent')))
        .orderBy(desc(outbox.sentAt));
      const mails = sent.map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        sentAt: mail.sentAt?.toISOString() ?? null,
        links: mail.links,
      }));
      // A browser (which asks for HTML) gets a page a person can read; tools and
      // tests keep the JSON array of the contract.
      if (!wantsHtml(request)) return mails;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(mailboxPage(mails));
    },
  );

  app.delete(
    '/_dev/mail',
    { onRequest: async (request) => onlyFromThisMachine(request) },
    async (_, reply) => {
      await db.delete(outbox).where(eq(outbox.channel, 'mail'));
      return reply.code(204).send();
    },
  );
}

interface DevMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string | null;
  links: string[];
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The body as escaped text, each of the mail's own http(s) links made clickable. */
function bodyWithLinks(mail: DevMail): string {
  let body = escapeHtml(mail.text);
  for (const link of new Set(mail.links)) {
    if (!/^https?:\/\//.test(link)) continue;
    const escaped = escapeHtml(link);
    body = body.replaceAll(escaped, `<a href="${escaped}">${escaped}</a>`);
  }
  return body;
}

const TOKYO_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: JAPAN_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** The local mailbox as a page: newest first, every field escaped (mail text is user input). */
function mailboxPage(mails: DevMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">宛先：${escapeHtml(mail.to)}<br>送信日時：${mail.sentAt ? escapeHtml(TOKYO_TIME.format(new Date(mail.sentAt))) : '—'}</p>
<pre>${bodyWithLinks(mail)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>送信済みメール（開発用）| OGコネクト</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 16px; line-height: 1.6; color: #1f2328; }
article { border: 1px solid #d0d7de; border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.05rem; margin: 0 0 4px; }
.meta { color: #57606a; font-size: 0.85rem; margin: 0 0 8px; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-family: inherit; margin: 0; }
a { color: #0b57d0; }
</style>
</head>
<body>
<h1>送信済みメール（開発用）</h1>
<p>SMTP_URL が未設定のため、メールは送信されずにここに保存されています。新しい順に表示します。リンクの有効期限が切れたメールは本文を伏せています。</p>
${mails.length === 0 ? '<p>まだメールはありません。</p>' : items}
</body>
</html>`;
}
