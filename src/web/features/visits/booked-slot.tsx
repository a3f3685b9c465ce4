import { useTranslation } from 'react-i18next';
import { JAPAN_TIME_ZONE } from '../../../shared/constants';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { ProfileRow } from '../../components/profile-list';
import { formatMeetingTime } from '../../lib/meeting-time';

/** A slot's end, the time alone in Japan time: 「10:45」, "10:45 AM". */
const END_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: JAPAN_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
};
const END_TIME = {
  ja: new Intl.DateTimeFormat('ja-JP', END_OPTIONS),
  en: new Intl.DateTimeFormat('en-US', END_OPTIONS),
};

/**
 * A request booked from the alumna's 予約枠, in place of the preferred times: the slot, start to
 * end in Japan time, and where it came from.
 */
export function BookedSlot({ request: r }: { request: VisitRequest }) {
  const { t, i18n } = useTranslation();
  // A booking's one preferred slot is the slot's start.
  const start = r.preferredSlots[0] ?? r.meetingAt;
  if (!start || !r.bookedUntil) return null;
  const end = (i18n.language?.startsWith('en') ? END_TIME.en : END_TIME.ja).format(
    new Date(r.bookedUntil),
  );
  return (
    <ProfileRow label={t('agenda.bookedSlot')}>
      <strong>{t('agenda.bookedSlotTime', { start: formatMeetingTime(start), end })}</strong>
      <p className="muted booked-slot-origin">
        {r.side === 'student'
          ? t('agenda.bookedFromHers', {
              name: r.mentor.withdrawn ? t('visits.withdrawnUser') : r.mentor.name,
            })
          : t('agenda.bookedFromMine')}
      </p>
    </ProfileRow>
  );
}
