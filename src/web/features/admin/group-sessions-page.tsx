import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import {
  GROUP_SESSION_TABS,
  type AdminGroupSession,
  type GroupSessionTab,
} from '../../../shared/schemas/admin-group-sessions';
import { TextField } from '../../components/form-fields';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMeetingTime } from '../../lib/meeting-time';
import { useUrlFilters } from '../../lib/use-url-filters';
import { adminGroupSessionsQuery, exportUrls } from './api';
import { ListTabs, PagedListBody, ScrollTable } from './list-parts';
import './admin.css';

const FILTERS = ['tab'] as const;

const TAB_TEXTS = {
  upcoming: {
    label: 'adminGroupSessions.upcoming',
    caption: 'adminGroupSessions.captionUpcoming',
    empty: 'adminGroupSessions.emptyUpcoming',
  },
  past: {
    label: 'adminGroupSessions.past',
    caption: 'adminGroupSessions.captionPast',
    empty: 'adminGroupSessions.emptyPast',
  },
} as const;

/**
 * /admin/group-sessions: the 座談会 ahead and those whose time has come (docs/PRODUCT.md §7c),
 * with how full each is and the attendance its alumna recorded. Each links to its own page,
 * where an admin sees who comes and may cancel it with a reason.
 */
export function GroupSessionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminGroupSessions.title'));
  const { filters } = useUrlFilters(FILTERS, { tab: GROUP_SESSION_TABS });
  const tab: GroupSessionTab = filters.tab === 'past' ? 'past' : 'upcoming';
  const list = useInfiniteQuery(adminGroupSessionsQuery({ tab }));
  const sessions = list.data?.pages.flatMap((page) => page.items) ?? [];
  const texts = TAB_TEXTS[tab];
  const captionId = `admin-group-sessions-caption-${tab}`;

  return (
    <div className="stack">
      <h1>{t('adminGroupSessions.title')}</h1>
      <p>{t('adminGroupSessions.lead')}</p>
      <ListTabs
        tabs={GROUP_SESSION_TABS}
        current={tab}
        label={t('adminGroupSessions.tabsLabel')}
        labelOf={(each) => t(TAB_TEXTS[each].label)}
      />
      <div className="card">
        <PagedListBody list={list} count={sessions.length} empty={t(texts.empty)}>
          <ScrollTable captionId={captionId} caption={t(texts.caption)}>
            <thead>
              <tr>
                <th scope="col">{t('adminGroupSessions.time')}</th>
                <th scope="col">{t('adminGroupSessions.sessionTitle')}</th>
                <th scope="col">{t('adminGroupSessions.mentor')}</th>
                <th scope="col">{t('adminGroupSessions.format')}</th>
                <th scope="col">{t('adminGroupSessions.seats')}</th>
                <th scope="col">{t('adminGroupSessions.waiting')}</th>
                <th scope="col">{t('adminGroupSessions.attendance')}</th>
                <th scope="col">{t('adminGroupSessions.state')}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </tbody>
          </ScrollTable>
        </PagedListBody>
        <p>
          <a className="button button-secondary" href={exportUrls.groupSessions(tab)} download>
            {t('adminGroupSessions.export')}
          </a>
        </p>
        <p className="muted">{t('adminGroupSessions.exportNote')}</p>
      </div>
      <OpenForMentor />
    </div>
  );
}

function SessionRow({ session }: { session: AdminGroupSession }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" className="admin-nowrap" data-label={t('adminGroupSessions.time')}>
        {formatMeetingTime(String(session.startsAt))}
      </th>
      <td className="admin-break" data-label={t('adminGroupSessions.sessionTitle')}>
        <Link to={paths.groupSession(session.id)}>{session.title}</Link>
      </td>
      <td className="admin-break" data-label={t('adminGroupSessions.mentor')}>
        <Link to={paths.mentor(session.mentorUrlParam)}>{session.mentorName}</Link>
      </td>
      <td className="admin-nowrap" data-label={t('adminGroupSessions.format')}>
        {t(`adminGroupSessions.formats.${session.meetingFormat}`)}
      </td>
      <td className="admin-nowrap" data-label={t('adminGroupSessions.seats')}>
        {t('adminGroupSessions.seatsValue', { seated: session.seated, seats: session.seats })}
      </td>
      <td className="admin-nowrap" data-label={t('adminGroupSessions.waiting')}>
        {t('adminGroupSessions.waitingValue', { count: session.waiting })}
      </td>
      <td data-label={t('adminGroupSessions.attendance')}>
        {t('adminGroupSessions.attendanceValue', {
          attended: session.attended,
          absent: session.absent,
          unrecorded: session.unrecorded,
        })}
      </td>
      <td data-label={t('adminGroupSessions.state')}>
        {session.cancelledAt ? (
          <>
            <span className="badge badge-muted">{t('adminGroupSessions.cancelled')}</span>
            {session.cancelledReason ? (
              <span className="admin-break">
                {' '}
                {t('adminGroupSessions.cancelledReason', { reason: session.cancelledReason })}
              </span>
            ) : null}
          </>
        ) : (
          <span className="badge admin-badge-ok">{t('adminGroupSessions.open')}</span>
        )}
      </td>
    </tr>
  );
}

/** An admin opens a 座談会 on an alumna's behalf: the form, named for her by her URL name. */
function OpenForMentor() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [urlParam, setUrlParam] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = urlParam.trim();
    if (name) void navigate(paths.groupSessionNew(name));
  }

  return (
    <section className="card" aria-labelledby="admin-group-session-open-title">
      <h2 id="admin-group-session-open-title">{t('adminGroupSessions.openForTitle')}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('adminGroupSessions.openForLabel')}
          hint={t('adminGroupSessions.openForLead')}
          value={urlParam}
          onChange={(event) => setUrlParam(event.target.value)}
          autoComplete="off"
          maxLength={100}
        />
        <div className="admin-form-actions">
          <button type="submit" className="button" disabled={!urlParam.trim()}>
            {t('adminGroupSessions.openFor')}
          </button>
        </div>
      </form>
    </section>
  );
}
