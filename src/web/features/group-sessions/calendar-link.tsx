import { useTranslation } from 'react-i18next';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';

/**
 * 「カレンダーに追加（.ics）」 on a 座談会's page: for its alumna and a seated student, while it is
 * still to come and not cancelled (the server answers only them: its place is theirs).
 */
export function GroupSessionCalendarLink({ view }: { view: GroupSessionView }) {
  const { t } = useTranslation();
  const mine = view.as === 'host' || (view.as === 'student' && view.mine.kind === 'seated');
  if (!mine || view.state === 'held' || view.state === 'cancelled') return null;
  return (
    <p>
      <a
        className="button button-secondary"
        href={`/api/group-sessions/${encodeURIComponent(view.id)}/calendar.ics`}
        download
      >
        {t('groupSessions.calendar.download')}
      </a>
    </p>
  );
}
