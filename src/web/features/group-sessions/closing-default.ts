import { japanWallClock } from '../../../shared/constants';
import { GROUP_SESSION_CLOSE_MIN_MINUTES_BEFORE } from '../../../shared/schemas/group-sessions';
import { slotInstant } from '../../../shared/schemas/visit-requests';

/** The hour of the day before at which sign-up closes unless she says otherwise. */
const CLOSE_HOUR_DAY_BEFORE = 18;

/**
 * Sign-up's closing time as the form first offers it, "YYYY-MM-DDTHH:mm" in Japan time like the
 * start: the day before at 18:00, or, when that has already passed (a 座談会 tomorrow morning, or
 * today), an hour before the start. Empty when the start is not a time yet.
 */
export function defaultSignUpClose(startsAt: string, now = Date.now()): string {
  const start = slotInstant(startsAt);
  if (!start) return '';
  const dayBefore = japanWallClock(start.getTime() - 24 * 60 * 60_000)
    .toISOString()
    .slice(0, 10);
  const evening = `${dayBefore}T${String(CLOSE_HOUR_DAY_BEFORE).padStart(2, '0')}:00`;
  if ((slotInstant(evening)?.getTime() ?? 0) > now) return evening;
  return japanWallClock(start.getTime() - GROUP_SESSION_CLOSE_MIN_MINUTES_BEFORE * 60_000)
    .toISOString()
    .slice(0, 16);
}
