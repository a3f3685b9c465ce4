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
  if (config.simulatedClock) {
    warnings.push(
      `SIMULATED_CLOCK is set: this server runs on a simulated clock from ${config.simulatedClock.toISOString()}, ` +
        'runs timed work (reminders, expiries) only when the simulator asks on /_dev/sim/tick, ' +
        'and is for `npm run simulate:year` only (docs/SIMULATION.md).',
    );
  }
  return warnings;
}
