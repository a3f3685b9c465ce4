import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockedUser } from '../../../shared/schemas/safety';
import { errorMessage } from '../../api/error-message';
import { useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { blockedUsersQuery, useUnblockUser } from './api';
import './safety.css';

/**
 * 「ブロック中のユーザー」 on the profile page, where a block is lifted. Nothing is shown while
 * the list is empty (most people never block anyone) or cannot be read.
 */
export function BlockedUsersSection() {
  const { t } = useTranslation();
  const blocked = useQuery(blockedUsersQuery);
  const headingId = useId();
  if (!Array.isArray(blocked.data) || blocked.data.length === 0) return null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('blockedUsers.title')}</h2>
      <p className="muted">{t('blockedUsers.lead')}</p>
      <ul className="blocked-list">
        {blocked.data.map((entry) => (
          <BlockedUserRow key={entry.userId} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

function BlockedUserRow({ entry }: { entry: BlockedUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const unblock = useUnblockUser();
  const labelId = useId();

  async function doUnblock() {
    try {
      await unblock.mutateAsync(entry.userId);
      toast.success(t('blockedUsers.unblocked', { label: entry.label }));
    } catch (error) {
      toast.error(t('block.failed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <li className="blocked-row">
      <div>
        <p id={labelId} className="blocked-name">
          {entry.label}
        </p>
        <p className="muted">
          {t('blockedUsers.blockedAt', { date: formatDate(entry.blockedAt) })}
        </p>
      </div>
      <button
        type="button"
        className="button button-secondary"
        aria-describedby={labelId}
        disabled={unblock.isPending}
        aria-busy={unblock.isPending || undefined}
        onClick={() => void doUnblock()}
      >
        {unblock.isPending ? t('block.unblocking') : t('block.unblock')}
      </button>
    </li>
  );
}
