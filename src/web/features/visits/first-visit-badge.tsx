import { useTranslation } from 'react-i18next';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';

/**
 * 「初めてのOG訪問」 (issue 57, point 3): on the alumna's side of a request from a student who has
 * held no visit before (the server's studentFirstVisit), in her list and on the request's page,
 * where `explained` adds what it means.
 */
export function FirstVisitBadge({
  request,
  explained = false,
}: {
  request: VisitRequest;
  explained?: boolean;
}) {
  const { t } = useTranslation();
  if (request.side !== 'mentor' || !request.studentFirstVisit) return null;
  const badge = <span className="badge badge-info">{t('waiting.firstVisit')}</span>;
  if (!explained) return badge;
  return (
    <p className="first-visit">
      {badge} <span className="muted">{t('waiting.firstVisitHint')}</span>
    </p>
  );
}
