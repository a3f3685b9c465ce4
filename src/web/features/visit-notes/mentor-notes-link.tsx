import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { mentorVisitNotesQuery } from './api';

/**
 * On her own profile, beside her 予約枠: 「この1年で N 件の訪問記録」 and the notes waiting for her
 * answer, with the way to her notes' page. With no count yet (or none to read) the link still
 * says 訪問記録を見る, so that a note waiting for her is always one tap away.
 */
export function MentorNotesLink() {
  const { t } = useTranslation();
  const notes = useQuery(mentorVisitNotesQuery);
  const count = notes.data?.lastYearCount ?? 0;
  const waiting = notes.data?.items.filter((note) => note.sharing === 'offered').length ?? 0;
  return (
    <section className="mnotes-link" aria-labelledby="mnotes-link-title">
      <h2 id="mnotes-link-title">{t('noteConsent.link.title')}</h2>
      {waiting > 0 ? (
        <p className="notice notice-info">{t('noteConsent.link.waiting', { count: waiting })}</p>
      ) : null}
      <p>{t('noteConsent.link.lead')}</p>
      <p className="mnotes-link-line">
        <Link to={paths.mentorVisitNotes}>
          {count > 0 ? t('noteConsent.yearCount', { count }) : t('noteConsent.link.open')}
        </Link>
      </p>
    </section>
  );
}
