import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { GroupSessionCard } from '../../../shared/schemas/group-sessions';
import { GroupSessionCards } from './session-card';

/**
 * Her upcoming 座談会 on her page (/mentor/:urlParam), and, for an admin, the way to open one for
 * her. Her page asks for the list and loads this only when there is something to show.
 */
export function MentorGroupSessions({
  cards,
  openFor,
}: {
  cards: readonly GroupSessionCard[];
  /** An admin's: her urlParam, to open a 座談会 for her. */
  openFor?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="detail-group-sessions">
      <h2 id="detail-group-sessions">{t('groupSessions.sectionTitle')}</h2>
      {cards.length > 0 ? (
        <>
          <p className="muted">{t('groupSessions.sectionLead')}</p>
          <GroupSessionCards cards={cards} showMentor={false} />
        </>
      ) : null}
      {openFor ? (
        <p>
          <Link className="button button-secondary" to={paths.groupSessionNew(openFor)}>
            {t('groupSessions.openFor')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** A company's upcoming 座談会 on its page (only when there are any). */
export function CompanyGroupSessionCards({ cards }: { cards: readonly GroupSessionCard[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="company-group-sessions">
      <h2 id="company-group-sessions">{t('groupSessions.companyTitle')}</h2>
      <GroupSessionCards cards={cards} />
    </section>
  );
}
