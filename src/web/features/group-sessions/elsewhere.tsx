import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { GroupSessionCard } from '../../../shared/schemas/group-sessions';
import { groupSessionListQuery, mentorGroupSessionsQuery } from './list-api';
import { GroupSessionCards } from './session-card';
import { groupSessionTextsReady } from './texts';

/**
 * The texts, downloaded only when there is something to show (her page and a company's are
 * read far more often than they hold a 座談会). True once they are there.
 */
function useTextsWhen(shown: boolean): boolean {
  return (
    useQuery({
      queryKey: ['group-sessions', 'texts'],
      queryFn: () => groupSessionTextsReady().then(() => true),
      enabled: shown,
      staleTime: Infinity,
    }).data === true
  );
}

/**
 * Her upcoming 座談会 on her page (/mentor/:urlParam), shown only when she has any, and, for an
 * admin, the way to open one for her.
 */
export function MentorGroupSessions({ urlParam, admin }: { urlParam: string; admin: boolean }) {
  const { t } = useTranslation();
  const cards = useQuery(mentorGroupSessionsQuery(urlParam)).data?.items ?? [];
  const shown = cards.length > 0 || admin;
  const texts = useTextsWhen(shown);
  if (!shown || !texts) return null;
  return (
    <section aria-labelledby="detail-group-sessions">
      <h2 id="detail-group-sessions">{t('groupSessions.sectionTitle')}</h2>
      {cards.length > 0 ? (
        <>
          <p className="muted">{t('groupSessions.sectionLead')}</p>
          <GroupSessionCards cards={cards} showMentor={false} />
        </>
      ) : null}
      {admin ? (
        <p>
          <Link className="button button-secondary" to={paths.groupSessionNew(urlParam)}>
            {t('groupSessions.openFor')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * A company's upcoming 座談会 on its page, asked for by the company's name (any spelling finds
 * it, decision 0040) and shown only when there are any (a failed read shows nothing either: the
 * page's alumni and notes are what it is for).
 */
export function CompanyGroupSessionCards({ company }: { company: string }) {
  const { t } = useTranslation();
  const cards: readonly GroupSessionCard[] =
    useQuery(groupSessionListQuery({ company })).data?.items ?? [];
  const texts = useTextsWhen(cards.length > 0);
  if (cards.length === 0 || !texts) return null;
  return (
    <section aria-labelledby="company-group-sessions">
      <h2 id="company-group-sessions">{t('groupSessions.companyTitle')}</h2>
      <GroupSessionCards cards={cards} />
    </section>
  );
}

/**
 * 「あなたに合いそうな座談会」 in her recommendations (issue 58 point 1): the 座談会 the server
 * found for her (at most two), shown only when there are any.
 */
export function SuggestedGroupSessions({
  cards = [],
}: {
  /** Missing from an older server's answer: then nothing is shown. */
  cards?: readonly GroupSessionCard[];
}) {
  const { t } = useTranslation();
  const texts = useTextsWhen(cards.length > 0);
  if (cards.length === 0 || !texts) return null;
  return (
    <section className="suggested-group-sessions" aria-labelledby="suggested-group-sessions">
      <h2 id="suggested-group-sessions">{t('groupSessions.suggested.title')}</h2>
      <p className="muted">{t('groupSessions.suggested.lead')}</p>
      <GroupSessionCards cards={cards} />
    </section>
  );
}
