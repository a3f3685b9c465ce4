import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { MailedLinkPage } from '../../components/mailed-link-page';
import { useConfirmContactEmail } from './api';
import './mentors.css';

/**
 * /contact-email/confirm?token=…: the link mailed to an alumna's contact address. It acts only
 * when the button is pressed, so a mail scanner opening the link confirms nothing; it opens
 * with or without a session (the mailbox may be read on another device).
 */
export function ContactEmailConfirmPage() {
  const { t } = useTranslation();
  const confirm = useConfirmContactEmail();
  return (
    <MailedLinkPage
      title={t('contactEmail.title')}
      noToken={t('contactEmail.noToken')}
      lead={t('contactEmail.lead')}
      action={confirm}
      label={t('contactEmail.confirm')}
      pendingLabel={t('contactEmail.confirming')}
      done={({ email }) => t('contactEmail.confirmed', { email })}
      next={(signedIn) =>
        signedIn ? <Link to={paths.profile}>{t('contactEmail.toProfile')}</Link> : null
      }
    />
  );
}
