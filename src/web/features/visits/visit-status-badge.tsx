import { useTranslation } from 'react-i18next';
import type { VisitStatus } from '../../../shared/schemas/visit-requests';

const TONE: Record<VisitStatus, string> = {
  pending: 'badge-warning',
  accepted: 'badge-success',
  declined: 'badge-muted',
  cancelled: 'badge-muted',
};

export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${TONE[status]}`}>{t(`visits.statuses.${status}`)}</span>;
}
