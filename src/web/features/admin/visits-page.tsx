import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  VISIT_SCHEDULE_TABS,
  type AdminVisit,
  type VisitScheduleTab,
} from '../../../shared/schemas/admin';
import { visitRulesState, visitSafeEndState } from '../../../shared/visit-schedule';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMeetingTime } from '../../lib/meeting-time';
import { useUrlFilters } from '../../lib/use-url-filters';
import { adminVisitsQuery, exportUrls } from './api';
import { ListTabs, PagedListBody, ScrollTable } from './list-parts';
import './admin.css';

const FILTERS = ['tab'] as const;

const TAB_TEXTS = {
  upcoming: {
    label: 'admin.visits.upcoming',
    caption: 'admin.visits.captionUpcoming',
    empty: 'admin.visits.emptyUpcoming',
  },
  recent: {
    label: 'admin.visits.recent',
    caption: 'admin.visits.captionRecent',
    empty: 'admin.visits.emptyRecent',
  },
} as const;

/**
 * /admin/visits: the agreed visits ahead and those of the last 30 days (docs/PRODUCT.md §9),
 * so that the seminar knows each was set in a safe place, agreed to the rules and ended well.
 * Only names, time, kind of place and the confirmations: never what the two sides wrote.
 */
export function VisitsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.visits.title'));
  const { filters } = useUrlFilters(FILTERS, { tab: VISIT_SCHEDULE_TABS });
  const tab: VisitScheduleTab = filters.tab === 'recent' ? 'recent' : 'upcoming';
  const list = useInfiniteQuery(adminVisitsQuery({ tab }));
  const visits = list.data?.pages.flatMap((page) => page.visits) ?? [];
  const texts = TAB_TEXTS[tab];
  const captionId = `admin-visits-caption-${tab}`;
  // Whether a visit's time has come is judged when the page draws, as the server judged it.
  const now = new Date();

  return (
    <div className="stack">
      <h1>{t('admin.visits.title')}</h1>
      <p>{t('admin.visits.lead')}</p>
      <ListTabs
        tabs={VISIT_SCHEDULE_TABS}
        current={tab}
        label={t('admin.visits.tabsLabel')}
        labelOf={(each) => t(TAB_TEXTS[each].label)}
      />
      <div className="card">
        <PagedListBody list={list} count={visits.length} empty={t(texts.empty)}>
          <ScrollTable captionId={captionId} caption={t(texts.caption)}>
            <thead>
              <tr>
                <th scope="col">{t('admin.visits.time')}</th>
                <th scope="col">{t('admin.visits.student')}</th>
                <th scope="col">{t('admin.visits.mentor')}</th>
                <th scope="col">{t('admin.visits.place')}</th>
                <th scope="col">{t('admin.visits.rules')}</th>
                <th scope="col">{t('admin.visits.safeEnd')}</th>
              </tr>
            </thead>
            <tbody>
              {/* No id reaches the page; a page only grows at its end, so the place is a key. */}
              {visits.map((visit, index) => (
                <VisitRow key={index} visit={visit} now={now} />
              ))}
            </tbody>
          </ScrollTable>
        </PagedListBody>
        <p>
          <a className="button button-secondary" href={exportUrls.visitSchedule(tab)} download>
            {t('admin.visits.export')}
          </a>
        </p>
        <p className="muted">{t('admin.visits.exportNote')}</p>
      </div>
    </div>
  );
}

function PlaceText({ visit }: { visit: AdminVisit }) {
  const { t } = useTranslation();
  if (visit.placeKind === null) {
    return (
      <>{t('admin.visits.placeUnset', { format: t(`visits.formats.${visit.meetingFormat}`) })}</>
    );
  }
  if (visit.placeKind === 'other' && visit.placeOther) {
    return <>{t('admin.visits.placeOther', { text: visit.placeOther })}</>;
  }
  return <>{t(`admin.visits.placeKinds.${visit.placeKind}`)}</>;
}

function VisitRow({ visit, now }: { visit: AdminVisit; now: Date }) {
  const { t } = useTranslation();
  const withdrawn = t('admin.visits.withdrawn');
  const rules = visitRulesState(visit);
  const safeEnd = visitSafeEndState(visit, now);
  return (
    <tr>
      <th scope="row" className="admin-nowrap" data-label={t('admin.visits.time')}>
        {formatMeetingTime(String(visit.meetingAt))}
      </th>
      <td className="admin-break" data-label={t('admin.visits.student')}>
        {visit.studentName ?? withdrawn}
      </td>
      <td className="admin-break" data-label={t('admin.visits.mentor')}>
        {visit.mentorName ?? withdrawn}
      </td>
      <td className="admin-break" data-label={t('admin.visits.place')}>
        <PlaceText visit={visit} />
      </td>
      <td data-label={t('admin.visits.rules')}>
        <span className={`badge ${rules === 'rulesBoth' ? 'admin-badge-ok' : 'badge-muted'}`}>
          {t(`admin.visits.${rules}`)}
        </span>
      </td>
      <td data-label={t('admin.visits.safeEnd')}>
        <span
          className={`badge ${
            safeEnd === 'safeEndConfirmed'
              ? 'admin-badge-ok'
              : safeEnd === 'safeEndWaiting'
                ? 'badge-info'
                : 'badge-muted'
          }`}
        >
          {t(`admin.visits.${safeEnd}`)}
        </span>
      </td>
    </tr>
  );
}
