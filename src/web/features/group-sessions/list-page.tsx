import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { GroupSessionList } from '../../../shared/schemas/group-sessions';
import { INDUSTRY_CATEGORIES } from '../../../shared/taxonomy';
import { industryPartName } from '../../../shared/taxonomy-en';
import { ErrorNotice } from '../../components/error-notice';
import { SelectField } from '../../components/form-fields';
import { RowsSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { groupSessionListQuery, myGroupSessionsQuery } from './list-api';
import { GroupSessionCards } from './session-card';

/** The server's page size (docs/PRODUCT.md, 座談会). */
const PAGE_SIZE = 20;

/**
 * /group-sessions: the upcoming 座談会 a reader may join (for a student, those meant for her),
 * narrowed by industry (the OG list's categories), 20 a page; an alumna sees her own above them
 * with 「座談会を開く」.
 */
export function GroupSessionsPage() {
  const { t } = useTranslation();
  const role = useSession().data?.user?.role;
  useDocumentTitle(t('groupSessions.title'));
  const mentor = role === 'mentor';
  return (
    <section className="group-sessions-page">
      <div className="group-session-head">
        <h1>{t('groupSessions.title')}</h1>
        {mentor ? (
          <Link className="button button-primary" to={paths.groupSessionNew()}>
            {t('groupSessions.open')}
          </Link>
        ) : null}
      </div>
      <p className="muted">{t(mentor ? 'groupSessions.mentorLead' : 'groupSessions.lead')}</p>
      {mentor ? <MySessions /> : null}
      <UpcomingSessions heading={mentor} />
    </section>
  );
}

/** Her own 座談会, upcoming and held. */
function MySessions() {
  const { t } = useTranslation();
  const mine = useQuery(myGroupSessionsQuery);
  return (
    <section aria-labelledby="group-sessions-mine">
      <h2 id="group-sessions-mine">{t('groupSessions.mineTitle')}</h2>
      {mine.isPending ? (
        <RowsSkeleton rows={2} />
      ) : mine.error ? (
        <ErrorNotice error={mine.error} />
      ) : mine.data.items.length === 0 ? (
        <p className="muted">{t('groupSessions.mineEmpty')}</p>
      ) : (
        <GroupSessionCards cards={mine.data.items} showMentor={false} />
      )}
    </section>
  );
}

function UpcomingSessions({ heading }: { heading: boolean }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const industry = params.get('industry') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({
    ...groupSessionListQuery({ industry, page }),
    placeholderData: keepPreviousData,
  });

  function choose(next: { industry?: string; page?: number }) {
    const nextParams = new URLSearchParams();
    const nextIndustry = next.industry ?? industry;
    if (nextIndustry) nextParams.set('industry', nextIndustry);
    if (next.page && next.page > 1) nextParams.set('page', String(next.page));
    setParams(nextParams);
  }

  return (
    <section aria-labelledby="group-sessions-upcoming">
      <h2 id="group-sessions-upcoming" className={heading ? undefined : 'visually-hidden'}>
        {t('groupSessions.upcomingTitle')}
      </h2>
      <div className="group-session-filter">
        <SelectField
          label={t('groupSessions.industry')}
          value={industry}
          onChange={(event) => choose({ industry: event.target.value, page: 1 })}
        >
          <option value="">{t('groupSessions.industryAll')}</option>
          {INDUSTRY_CATEGORIES.map((category) => (
            <option key={category.name} value={category.name}>
              {industryPartName(category.name, i18n.language)}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isPending ? (
        <RowsSkeleton rows={3} />
      ) : list.error ? (
        <ErrorNotice error={list.error} />
      ) : list.data.items.length === 0 ? (
        <p className="notice notice-info">
          {t(industry ? 'groupSessions.emptyFiltered' : 'groupSessions.empty')}
        </p>
      ) : (
        <>
          <GroupSessionCards cards={list.data.items} />
          <Pages list={list.data} page={page} onPage={(next) => choose({ page: next })} />
        </>
      )}
    </section>
  );
}

function Pages({
  list,
  page,
  onPage,
}: {
  list: GroupSessionList;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="group-session-pages" aria-label={t('groupSessions.pages')}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('groupSessions.previous')}
      </button>
      <span className="muted">{t('groupSessions.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('groupSessions.next')}
      </button>
    </nav>
  );
}
