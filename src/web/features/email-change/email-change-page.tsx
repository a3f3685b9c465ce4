import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { MailedLinkPage } from '../../components/mailed-link-page';
import { useConfirmEmailChange, useUndoEmailChange } from './api';

/**
 * The pages of the two mailed links (docs/PRODUCT.md §3). Each acts only when its button is
 * pressed, so a mail scanner opening the link changes nothing.
 */

/** /email-change?token=…: the link mailed to the new address. */
export function EmailChangeConfirmPage() {
  const { t } = useTranslation();
  const confirm = useConfirmEmailChange();
  return (
    <MailedLinkPage
      title={t('emailChange.confirmTitle')}
      noToken={t('emailChange.noToken')}
      lead={t('emailChange.confirmLead')}
      action={confirm}
      label={t('emailChange.confirm')}
      pendingLabel={t('emailChange.confirming')}
      done={({ email }) => t('emailChange.confirmed', { email })}
      next={(signedIn) =>
        signedIn ? (
          <Link to={paths.profile}>{t('emailChange.toProfile')}</Link>
        ) : (
          <Link to={paths.login}>{t('emailChange.toLogin')}</Link>
        )
      }
    />
  );
}

/** /email-change/undo?token=…: the link mailed to the old address. */
export function EmailChangeUndoPage() {
  const { t } = useTranslation();
  const undo = useUndoEmailChange();
  return (
    <MailedLinkPage
      title={t('emailChange.undoTitle')}
      noToken={t('emailChange.noToken')}
      lead={t('emailChange.undoLead')}
      action={undo}
      label={t('emailChange.undo')}
      pendingLabel={t('emailChange.undoing')}
      tone="danger"
      done={({ email }) => t('emailChange.undone', { email })}
      // Undoing signs every session out: the way back is signing in again.
      next={() => <Link to={paths.login}>{t('emailChange.toLogin')}</Link>}
    />
  );
}
