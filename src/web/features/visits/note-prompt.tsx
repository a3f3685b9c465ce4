import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { wasHeld } from './visit-status-badge';

/**
 * Once held, the student is asked to keep what she heard in a 訪問記録: right under her
 * 「無事に終わりました」 when that tap recorded the visit (SafeEndBox), else with the お礼 in the
 * follow-up (VisitFollowUp); one place at a time, so the page asks once.
 */
export function NotePrompt({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  return (
    <div className="follow-up-part note-prompt">
      <p>{t('visitNotes.followUp.lead')}</p>
      <Link className="button button-secondary" to={paths.visitNoteWrite(r.id)}>
        {t('visitNotes.followUp.write')}
      </Link>
    </div>
  );
}

/** Whether the page asks the student for her 訪問記録, and where. */
export function notePromptPlace(r: VisitRequest): 'safe-end' | 'follow-up' | null {
  if (r.side !== 'student' || !wasHeld(r)) return null;
  return r.safeEnd?.confirmedAt ? 'safe-end' : 'follow-up';
}
