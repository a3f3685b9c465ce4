import { useTranslation } from 'react-i18next';
import type { LastActiveAge } from '../../../shared/schemas/mentors';

/** 受付中 / 受付停止中: whether the alumnus takes new visit requests now (card.accepting). */
export function AvailabilityBadge({ accepting }: { accepting: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={accepting ? 'badge badge-accepting' : 'badge badge-muted'}>
      {accepting ? t('browse.accepting') : t('browse.notAccepting')}
    </span>
  );
}

/**
 * When the alumnus was last signed in, as a coarse age (card.lastActive); nothing before the
 * first sign-in.
 */
export function LastActive({
  lastActive,
  className = 'last-active',
}: {
  lastActive: LastActiveAge | null;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!lastActive) return null;
  return <span className={className}>{t(`browse.lastActive.${lastActive}`)}</span>;
}
