import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import { NoShowPause } from './no-show-claim';
import { WaitingLimitNotice } from '../../components/waiting-limit-notice';

/**
 * Why she cannot be asked now, and the way back: the request form's and the booking page's
 * answer alike (the reasons are a request's, whichever way it is sent).
 */
export function RequestUnavailable({ mentor }: { mentor: MentorDetail }) {
  const { t } = useTranslation();
  const { visitUnavailable, openRequestId } = mentor.viewer;
  return (
    <>
      {visitUnavailable === 'no-show-limit' ? (
        <NoShowPause />
      ) : visitUnavailable === 'waiting-limit' ? (
        <WaitingLimitNotice />
      ) : (
        <p className="notice notice-warning" role="alert">
          {t(`visits.request.unavailable.${visitUnavailable!}`)}
        </p>
      )}
      <p className="button-row">
        {openRequestId && (
          <Link className="button button-primary" to={paths.visitRequest(openRequestId)}>
            {t('visits.request.viewOpenRequest')}
          </Link>
        )}
        <Link className="button button-secondary" to={paths.mentor(mentor.urlParam)}>
          {t('visits.request.cancel')}
        </Link>
      </p>
    </>
  );
}
