import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { LoadFailedCard } from '../../components/load-failed-card';
import { FormSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { myMentorProfileQuery } from '../../api/my-mentor-profile';
import { myBookingQuery } from './api';
import { BookingMisfits } from './booking-misfits';
import { BookingPreview } from './booking-preview';
import { BookingSettingsForm } from './booking-settings-form';
import './booking.css';

const HOW_IT_WORKS = [
  'booking.howItWorks.hours',
  'booking.howItWorks.holidays',
  'booking.howItWorks.busy',
  'booking.howItWorks.limit',
] as const;

function BackToProfile() {
  const { t } = useTranslation();
  return (
    <Link className="button button-link back-link" to={paths.mentorProfile}>
      ← {t('booking.page.back')}
    </Link>
  );
}

/** What keeps a slot from students, said once and kindly before she sets hers. */
function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="booking-how" aria-labelledby="booking-how-title">
      <h2 id="booking-how-title">{t('booking.howItWorks.title')}</h2>
      <ul>
        {HOW_IT_WORKS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /mentor-profile/booking (alumni): when she can meet, published as 予約枠, with the preview of
 * her next two weeks and the visits her windows no longer cover.
 */
export function BookingSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('booking.page.title'));
  const booking = useQuery(myBookingQuery);
  // Her employer's rules, which her windows keep. Asked once: should it fail, the form offers
  // every choice and the server still refuses a window that breaks them.
  const profile = useQuery({ ...myMentorProfileQuery, retry: false });

  if (booking.error) {
    return (
      <LoadFailedCard title={t('booking.page.title')} message={t('booking.page.loadFailed')}>
        <BackToProfile />
      </LoadFailedCard>
    );
  }
  return (
    <section className="card booking-page">
      <BackToProfile />
      <h1>{t('booking.page.title')}</h1>
      <p>{t('booking.page.lead')}</p>
      {booking.isPending || profile.isPending ? (
        <FormSkeleton fields={8} />
      ) : (
        <>
          <HowItWorks />
          <BookingSettingsForm
            view={booking.data}
            employerRules={profile.data?.employerRules ?? null}
          />
          <BookingMisfits misfits={booking.data.misfits} />
          <BookingPreview view={booking.data} />
        </>
      )}
    </section>
  );
}
