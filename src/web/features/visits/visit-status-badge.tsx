import { useTranslation } from 'react-i18next';
import type { VisitRequest, VisitStatus } from '../../../shared/schemas/visit-requests';

/**
 * What the badge says: the status, 「日時調整中」 while a proposed time waits, or 「実施済み」
 * once an agreed visit is marked held by a side and reported missed by neither (as the
 * alumna's count of held visits, docs/PRODUCT.md §7).
 */
type VisitStage = VisitStatus | 'proposed' | 'held';

const TONE: Record<VisitStage, string> = {
  pending: 'badge-warning',
  proposed: 'badge-warning',
  accepted: 'badge-success',
  held: 'badge-info',
  declined: 'badge-muted',
  cancelled: 'badge-muted',
  expired: 'badge-muted',
};

type BadgeFacts = Pick<VisitRequest, 'status' | 'proposal'> & {
  followUp: Pick<VisitRequest['followUp'], 'myOutcome' | 'otherOutcome'>;
};

function stageOf(request: BadgeFacts): VisitStage {
  if (request.status === 'pending' && request.proposal) return 'proposed';
  const outcomes = [request.followUp.myOutcome, request.followUp.otherOutcome];
  if (request.status === 'accepted' && outcomes.includes('held') && !outcomes.includes('no_show')) {
    return 'held';
  }
  return request.status;
}

export function VisitStatusBadge({ request }: { request: BadgeFacts }) {
  const { t } = useTranslation();
  const stage = stageOf(request);
  return <span className={`badge ${TONE[stage]}`}>{t(`visits.statuses.${stage}`)}</span>;
}
