import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { useConfirmContactEmail } from './api';
import './mentors.css';

/**
 * /contact-email/confirm?token=…: the link mailed to an alumna's contact address. It acts only
 * when the button is pressed, so a mail scanner opening the link confirms nothing; it opens
 * with or without a session (the mailbox may be read on another device).
 */
export function ContactEmailConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = Boolean(useSession().data?.user);
  const confirm = useConfirmContactEmail();
  useDocumentTitle(t('contactEmail.title'));

  let body;
  if (!token) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('contactEmail.noToken')}
      </p>
    );
  } else if (confirm.data) {
    body = (
      <>
        <p className="notice notice-success" role="status">
          {t('contactEmail.confirmed', { email: confirm.data.email })}
        </p>
        {signedIn ? (
          <p>
            <Link to={paths.profile}>{t('contactEmail.toProfile')}</Link>
          </p>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <p>{t('contactEmail.lead')}</p>
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
          {confirm.isPending ? t('contactEmail.confirming') : t('contactEmail.confirm')}
        </button>
      </>
    );
  }
  return (
    <section className="card stack">
      <h1>{t('contactEmail.title')}</h1>
      {body}
    </section>
  );
}
