import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { useConfirmGraduation } from './api';

/**
 * The page of the link mailed to the personal address of an application to become an OG. It
 * acts only when its button is pressed, so a mail scanner opening the link changes nothing.
 */
export function GraduationConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = Boolean(useSession().data?.user);
  const confirm = useConfirmGraduation();
  useDocumentTitle(t('graduation.confirmTitle'));

  let body;
  if (!token) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('graduation.noToken')}
      </p>
    );
  } else if (confirm.data) {
    body = (
      <>
        <p className="notice notice-success" role="status">
          {t('graduation.confirmed', { email: confirm.data.email })}
        </p>
        <p>
          {signedIn ? (
            <Link to={paths.profile}>{t('graduation.toProfile')}</Link>
          ) : (
            <Link to={paths.login}>{t('graduation.toLogin')}</Link>
          )}
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p>{t('graduation.confirmLead')}</p>
        {confirm.error ? (
          <p className="notice notice-error" role="alert">
            {errorMessage(t, confirm.error)}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary"
          disabled={confirm.isPending}
          aria-busy={confirm.isPending || undefined}
          onClick={() => confirm.mutate(token)}
        >
          {confirm.isPending ? t('graduation.confirming') : t('graduation.confirm')}
        </button>
      </>
    );
  }
  return (
    <section className="card stack">
      <h1>{t('graduation.confirmTitle')}</h1>
      {body}
    </section>
  );
}
