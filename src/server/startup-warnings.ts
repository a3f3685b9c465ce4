import type { AppConfig } from './config';

/**
 * What the server says at start when its configuration works but is probably not what a
 * production site wants. main.ts logs each line as a warning.
 */
export function startupWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv === 'production' && !config.smtpUrl) {
    warnings.push(
      'NODE_ENV=production without SMTP_URL: no e-mail leaves this machine. Sign-in links, ' +
        'codes and invitations go to the local outbox (printed to this log and listed on ' +
        '/_dev/mail to loopback clients). Set SMTP_URL to send mail.',
    );
  }
  return warnings;
}
