import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { MailedLinkPage } from '../../components/mailed-link-page';
import { useConfirmGraduation } from './api';

/**
 * The page of the link mailed to the personal address of an application to become an OG. It
 * acts only when its button is pressed, so a mail scanner opening the link changes nothing.
 */
export function GraduationConfirmPage() {
  const { t } = useTranslation();
  const confirm = useConfirmGraduation();
  return (
    <MailedLinkPage
      title={t('graduation.confirmTitle')}
      noToken={t('graduation.noToken')}
      lead={t('graduation.confirmLead')}
      action={confirm}
      label={t('graduation.confirm')}
      pendingLabel={t('graduation.confirming')}
      done={({ email }) => t('graduation.confirmed', { email })}
      next={(signedIn) =>
        signedIn ? (
          <Link to={paths.profile}>{t('graduation.toProfile')}</Link>
        ) : (
          <Link to={paths.login}>{t('graduation.toLogin')}</Link>
        )
      }
    />
  );
}
