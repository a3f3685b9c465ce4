import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { mentorSlotsQuery } from './api';
import { SlotPicker } from './slot-picker';
import './book-slot.css';

/**
 * What a student who may ask her sees on her page (issue 37, points 2 and 4): her next open
 * slots to book in one step, and the request with three proposed times for other times. With
 * no slot (none published, or her slots could not be read) only the request is offered, as
 * before slots existed.
 */
export function OpenSlotsCall({ urlParam }: { urlParam: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const slots = useQuery(mentorSlotsQuery(urlParam));
  if (slots.isPending) {
    return (
      <p className="visit-call muted" role="status">
        {t('bookSlot.section.loading')}
      </p>
    );
  }
  const open = slots.data?.slots ?? [];
  if (open.length === 0) {
    return (
      <p className="visit-call">
        <Link
          className="button button-primary button-block"
          to={paths.mentorVisitRequest(urlParam)}
        >
          {t('visits.request.open')}
        </Link>
      </p>
    );
  }
  return (
    <>
      <section className="open-slots" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('bookSlot.title')}</h2>
        <p className="muted">{t('bookSlot.section.lead')}</p>
        <SlotPicker urlParam={urlParam} slots={open} />
      </section>
      <div className="other-times">
        <p>{t('bookSlot.section.otherTimes')}</p>
        <Link className="button button-secondary" to={paths.mentorVisitRequest(urlParam)}>
          {t('bookSlot.section.otherTimesLink')}
        </Link>
      </div>
    </>
  );
}
