import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SAFE_END_UNCONFIRMED_AFTER_HOURS } from '../../../shared/constants';
import { errorMessage } from '../../api/error-message';
import { formatDate } from '../../lib/format';
import { adminUnconfirmedVisitsQuery } from './api';

/**
 * 「確認が取れていない訪問」 (docs/PRODUCT.md §9): in-person visits whose student has not said they
 * ended well a day after being asked. A quiet list, not an alarm: no badge, no colour, the date
 * and the two names only (never an id, never the thread). Self-contained, to sit on any page.
 */
export function UnconfirmedVisits() {
  const { t } = useTranslation();
  const list = useQuery(adminUnconfirmedVisitsQuery);
  const name = (value: string | null) => value ?? t('visits.withdrawnUser');

  let body;
  if (list.isPending) body = <p className="muted">{t('admin.unconfirmedVisits.loading')}</p>;
  else if (list.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('admin.loadFailed', { message: errorMessage(t, list.error) })}
      </p>
    );
  } else if (list.data.items.length === 0) {
    body = <p className="muted">{t('admin.unconfirmedVisits.empty')}</p>;
  } else {
    body = (
      <>
        <div
          className="admin-table-scroll"
          role="region"
          aria-labelledby="admin-unconfirmed-visits"
          tabIndex={0}
        >
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.unconfirmedVisits.meetingAt')}</th>
                <th scope="col">{t('admin.unconfirmedVisits.student')}</th>
                <th scope="col">{t('admin.unconfirmedVisits.mentor')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item, index) => (
                // No id is sent: the row's place in this short list is its key.
                <tr key={index}>
                  <td>{formatDate(item.meetingAt)}</td>
                  <td>{name(item.studentName)}</td>
                  <td>{name(item.mentorName)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {list.data.more && <p className="muted">{t('admin.unconfirmedVisits.more')}</p>}
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="admin-unconfirmed-visits">
      <h2 id="admin-unconfirmed-visits">{t('admin.unconfirmedVisits.title')}</h2>
      <p className="muted">
        {t('admin.unconfirmedVisits.lead', { hours: SAFE_END_UNCONFIRMED_AFTER_HOURS })}
      </p>
      {body}
    </section>
  );
}
