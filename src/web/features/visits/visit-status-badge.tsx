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

/** 実施済み: agreed, marked held by a side, reported missed by neither (also where a note is offered). */
export function wasHeld(request: Omit<BadgeFacts, 'proposal'>): boolean {
  const outcomes = [request.followUp.myOutcome, request.followUp.otherOutcome];
  return (
    request.status === 'accepted' && outcomes.includes('held') && !outcomes.includes('no_show')
  );
}

function stageOf(request: BadgeFacts): VisitStage {
  if (request.status === 'pending' && request.proposal) return 'proposed';
  return wasHeld(request) ? 'held' : request.status;
}

export function VisitStatusBadge({ request }: { request: BadgeFacts }) {
  const { t } = useTranslation();
  const stage = stageOf(request);
  return <span className={`badge ${TONE[stage]}`}>{t(`visits.statuses.${stage}`)}</span>;
}
