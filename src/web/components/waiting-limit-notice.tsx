import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import type { WaitingRequests } from '../../shared/schemas/waiting-requests';
import { ApiError } from '../api/client';
import { waitingRequestsQuery } from '../api/waiting-requests';
import { formatDate } from '../lib/format';

/**
 * A request or a booking refused because the student has the seminar's limit of requests
 * waiting for an answer (issue 57): the requests the 409 carries, else null. Checked by hand:
 * the server wrote them (visits/current-state.ts answeringWithWaitingList).
 */
export function waitingRefusalOf(error: unknown): WaitingRequests | null {
  if (!(error instanceof ApiError) || error.code !== 'visit/waiting-limit') return null;
  const current = error.current as Partial<WaitingRequests> | undefined;
  if (typeof current?.limit !== 'number' || !Array.isArray(current.requests)) {
    return { limit: 0, requests: [] };
  }
  return current as WaitingRequests;
}

/**
 * Why she cannot send another request now, said plainly with what waits: each request with its
 * alumna and a link to it, so that she can chase or withdraw one. Given the refusal's list, or
 * read (her page and the forms, before she fills one in).
 */
export function WaitingLimitNotice({ waiting }: { waiting?: WaitingRequests | null }) {
  const { t } = useTranslation();
  const read = useQuery({ ...waitingRequestsQuery, enabled: !waiting });
  const shown = waiting ?? read.data;
  if (!shown || shown.requests.length === 0) {
    return (
      <p className="notice notice-warning" role="alert">
        {t('visits.request.unavailable.waiting-limit')}
      </p>
    );
  }
  return (
    <div className="notice notice-warning waiting-limit" role="alert">
      <p className="waiting-limit-title">
        {t('waiting.title', { count: shown.requests.length, limit: shown.limit })}
      </p>
      <p>{t('waiting.body', { limit: shown.limit })}</p>
      <ul className="waiting-limit-list" aria-label={t('waiting.listLabel')}>
        {shown.requests.map((request) => (
          <li key={request.id}>
            <Link to={paths.visitRequest(request.id)}>
              {t('waiting.open', { name: request.mentorName })}
            </Link>{' '}
            <span className="muted">
              {t('waiting.sentOn', { date: formatDate(request.createdAt) })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
