import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { useBlockUser, useUnblockUser } from './api';
import { ReportDialog } from './lazy-report-dialog';

export interface SafetyActionsProps {
  /** The other person's account id. */
  userId: string;
  /** Their name as the page shows it (without a role). */
  name: string;
  /** Whether the viewer has blocked them (e.g. the detail page's `viewer.blocked`). */
  blocked: boolean;
  /** The visit request on screen, attached to a report made from it. */
  visitRequestId?: string | undefined;
}

/**
 * 「通報する」 and 「ブロックする」/「ブロックを解除」 about another person, for the pages that show
 * someone (an alumna's detail page, a visit request). Blocking is confirmed first, since it
 * cancels the open requests between the two; lifting a block is harmless and immediate.
 */
export function SafetyActions({ userId, name, blocked, visitRequestId }: SafetyActionsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const [reporting, setReporting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  function closeConfirm() {
    block.reset();
    setConfirming(false);
  }

  async function confirmBlock() {
    try {
      const result = await block.mutateAsync(userId);
      closeConfirm();
      toast.success(
        result.cancelledRequests > 0
          ? t('block.blockedAndCancelled', { name, count: result.cancelledRequests })
          : t('block.blocked', { name }),
      );
    } catch {
      // Shown in the dialog, which keeps the rest of the page inert while it is open.
    }
  }

  async function doUnblock() {
    try {
      await unblock.mutateAsync(userId);
      toast.success(t('block.unblocked', { name }));
    } catch (error) {
      toast.error(t('block.failed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <div className="safety-actions" role="group" aria-label={t('block.actionsLabel', { name })}>
      <button
        type="button"
        className="button button-secondary safety-button"
        onClick={() => setReporting(true)}
      >
        {t('report.open')}
      </button>
      {blocked ? (
        <button
          type="button"
          className="button button-secondary safety-button"
          disabled={unblock.isPending}
          aria-busy={unblock.isPending || undefined}
          onClick={() => void doUnblock()}
        >
          {unblock.isPending ? t('block.unblocking') : t('block.unblock')}
        </button>
      ) : (
        <button
          type="button"
          className="button button-secondary safety-button"
          onClick={() => setConfirming(true)}
        >
          {t('block.block')}
        </button>
      )}
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        userId={userId}
        name={name}
        visitRequestId={visitRequestId}
      />
      <ConfirmDialog
        open={confirming}
        onClose={closeConfirm}
        title={t('block.title', { name })}
        cancelLabel={t('block.cancel')}
        confirmLabel={t('block.confirm')}
        pendingLabel={t('block.blocking')}
        pending={block.isPending}
        onConfirm={() => void confirmBlock()}
      >
        <p>{t('block.lead')}</p>
        <ul className="withdraw-list">
          <li>{t('block.noRequests')}</li>
          <li>{t('block.cancelsOpen', { name })}</li>
          <li>{t('block.notNotified')}</li>
        </ul>
        <p className="muted">{t('block.undo')}</p>
        {block.error ? (
          <p className="notice notice-error" role="alert">
            {t('block.failed', { message: errorMessage(t, block.error) })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
