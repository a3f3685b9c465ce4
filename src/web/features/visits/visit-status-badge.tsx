import { useTranslation } from 'react-i18next';
import type { VisitRequest, VisitStatus } from '../../../shared/schemas/visit-requests';

/** What the badge says: the status, or 「日時調整中」 while a proposed time waits. */
type VisitStage = VisitStatus | 'proposed';

const TONE: Record<VisitStage, string> = {
  pending: 'badge-warning',
  proposed: 'badge-warning',
  accepted: 'badge-success',
  declined: 'badge-muted',
  cancelled: 'badge-muted',
  expired: 'badge-muted',
};

function stageOf(request: Pick<VisitRequest, 'status' | 'proposal'>): VisitStage {
  return request.status === 'pending' && request.proposal ? 'proposed' : request.status;
}

export function VisitStatusBadge({
  request,
}: {
  request: Pick<VisitRequest, 'status' | 'proposal'>;
}) {
  const { t } = useTranslation();
  const stage = stageOf(request);
  return <span className={`badge ${TONE[stage]}`}>{t(`visits.statuses.${stage}`)}</span>;
}
