import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { useConfirmEmailChange, useUndoEmailChange } from './api';

/**
 * The pages of the two mailed links (docs/PRODUCT.md §3). Each acts only when its button is
 * pressed, so a mail scanner opening the link changes nothing.
 */
function TokenPage({ kind }: { kind: 'confirm' | 'undo' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = Boolean(useSession().data?.user);
  const confirm = useConfirmEmailChange();
  const undo = useUndoEmailChange();
  const action = kind === 'confirm' ? confirm : undo;
  const title = kind === 'confirm' ? t('emailChange.confirmTitle') : t('emailChange.undoTitle');
  useDocumentTitle(title);

  let body;
  if (!token) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('emailChange.noToken')}
      </p>
    );
  } else if (action.data) {
    const done =
      kind === 'confirm'
        ? t('emailChange.confirmed', { email: action.data.email })
        : t('emailChange.undone', { email: action.data.email });
    body = (
      <>
        <p className="notice notice-success" role="status">
          {done}
        </p>
        <p>
          {kind === 'confirm' && signedIn ? (
            <Link to={paths.profile}>{t('emailChange.toProfile')}</Link>
          ) : (
            <Link to={paths.login}>{t('emailChange.toLogin')}</Link>
          )}
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p>{kind === 'confirm' ? t('emailChange.confirmLead') : t('emailChange.undoLead')}</p>
        {action.error ? (
          <p className="notice notice-error" role="alert">
            {errorMessage(t, action.error)}
          </p>
        ) : null}
        <button
          type="button"
          className={kind === 'confirm' ? 'button button-primary' : 'button button-danger'}
          disabled={action.isPending}
          aria-busy={action.isPending || undefined}
          onClick={() => action.mutate(token)}
        >
          {action.isPending
            ? kind === 'confirm'
              ? t('emailChange.confirming')
              : t('emailChange.undoing')
            : kind === 'confirm'
              ? t('emailChange.confirm')
              : t('emailChange.undo')}
        </button>
      </>
    );
  }
  return (
    <section className="card stack">
      <h1>{title}</h1>
      {body}
    </section>
  );
}

/** /email-change?token=…: the link mailed to the new address. */
export function EmailChangeConfirmPage() {
  return <TokenPage kind="confirm" />;
}

/** /email-change/undo?token=…: the link mailed to the old address. */
export function EmailChangeUndoPage() {
  return <TokenPage kind="undo" />;
}
