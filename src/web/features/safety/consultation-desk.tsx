import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// Its type only: the footer is on /login, whose first download carries no zod (bench/budgets.ts).
import type { ConsultationDesk as Desk, DeskAnswer } from '../../../shared/schemas/desk';
import { deskQuery } from './desk-api';
import './safety.css';

/** The number a tel: link dials: its digits and a leading + (the schema let only these through). */
function dialledPhone(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}

export interface ConsultationDeskProps {
  /**
   * 'full' (a request page's safety box, the console's preview): every detail, the note and
   * that the other side is never told. 'compact' (the footer, the report dialog, the request
   * form): one line with the ways to reach the desk.
   */
  variant?: 'full' | 'compact';
  /** The desk as this device kept it with the day's details, read offline: nothing is asked. */
  kept?: DeskAnswer;
}

/**
 * The seminar's 相談窓口 (docs/PRODUCT.md §8), one component wherever the site names it. Unset,
 * it names the admins' contact: the inquiry form of the menu. Nothing shows while it loads;
 * should it fail to load, the menu's inquiries are named, which are always there.
 */
export function ConsultationDesk({ variant = 'full', kept }: ConsultationDeskProps) {
  const { t } = useTranslation();
  const fetched = useQuery({ ...deskQuery, enabled: kept === undefined });
  const answer = kept ? { isPending: false, isError: false, data: kept } : fetched;
  if (answer.isPending) return null;
  const compact = variant === 'compact';
  const title = <span className="desk-title">{t('desk.title')}</span>;

  if (answer.isError) {
    return compact ? (
      <p className="desk desk-compact">
        {title}
        {t('desk.unavailable')}
      </p>
    ) : (
      <div className="desk">
        <p className="desk-title">{t('desk.title')}</p>
        <p>{t('desk.unavailable')}</p>
      </div>
    );
  }

  const { desk, inquiryUrl } = answer.data;
  const inquiry = (label: string) => (
    <a href={inquiryUrl} target="_blank" rel="noopener noreferrer">
      {label}
      <span className="visually-hidden">{t('desk.newTab')}</span>
    </a>
  );

  if (compact) {
    return (
      <p className="desk desk-compact">
        {title}
        {desk ? <CompactWays desk={desk} /> : inquiry(t('desk.inquiryCompact'))}
      </p>
    );
  }

  return (
    <div className="desk">
      <p className="desk-title">{t('desk.title')}</p>
      {desk ? (
        <>
          {desk.name ? <p className="desk-name">{desk.name}</p> : null}
          <dl className="desk-ways">
            {desk.email ? (
              <div>
                <dt>{t('desk.email')}</dt>
                <dd>
                  <a href={`mailto:${desk.email}`}>{desk.email}</a>
                </dd>
              </div>
            ) : null}
            {desk.phone ? (
              <div>
                <dt>{t('desk.phone')}</dt>
                <dd>
                  <a href={`tel:${dialledPhone(desk.phone)}`}>{desk.phone}</a>
                </dd>
              </div>
            ) : null}
            {desk.hours ? (
              <div>
                <dt>{t('desk.hours')}</dt>
                <dd>{desk.hours}</dd>
              </div>
            ) : null}
          </dl>
          {desk.note ? <p className="desk-note">{desk.note}</p> : null}
        </>
      ) : (
        <p>
          {t('desk.unset')} {inquiry(t('desk.inquiry'))}
        </p>
      )}
      <p className="desk-not-told">{t('desk.notTold')}</p>
    </div>
  );
}

/** The name, then the address and the number as links, the hours after them. */
function CompactWays({ desk }: { desk: Desk }) {
  const { t } = useTranslation();
  return (
    <>
      {desk.name ? <span>{desk.name}</span> : null}
      {desk.email ? (
        <span>
          <span className="visually-hidden">{t('desk.email')} </span>
          <a href={`mailto:${desk.email}`}>{desk.email}</a>
        </span>
      ) : null}
      {desk.phone ? (
        <span>
          <span className="visually-hidden">{t('desk.phone')} </span>
          <a href={`tel:${dialledPhone(desk.phone)}`}>{desk.phone}</a>
        </span>
      ) : null}
      {desk.hours ? <span>{t('desk.hoursValue', { hours: desk.hours })}</span> : null}
    </>
  );
}
