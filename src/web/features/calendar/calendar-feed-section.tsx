import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../components/toast';
import { calendarFeedQuery, useRegenerateCalendarFeed } from './api';

/**
 * On /profile: the private calendar feed of the user's agreed visits (docs/PRODUCT.md §7), to
 * subscribe to from Google Calendar or iOS, with a way to copy it and to issue a new one; for an
 * alumna, the second URL on the same secret, her 予約枠 as free/busy.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const feed = useQuery(calendarFeedQuery);
  const regenerate = useRegenerateCalendarFeed();
  const [asking, setAsking] = useState(false);
  const fieldId = useId();

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('calendar.copied'));
    } catch {
      toast.error(t('calendar.copyFailed'));
    }
  }

  return (
    <section className="card" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`}>{t('calendar.feedTitle')}</h2>
      <p>{t('calendar.feedLead')}</p>
      <p className="notice notice-warning">{t('calendar.feedPrivate')}</p>
      {feed.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : feed.error ? (
        <p className="notice notice-error" role="alert">
          {t('calendar.loadFailed')}
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={fieldId}>{t('calendar.feedLabel')}</label>
            <input
              id={fieldId}
              className="input calendar-feed-url"
              readOnly
              value={feed.data.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="button-row">
            <button
              type="button"
              className="button button-primary"
              onClick={() => void copy(feed.data.url)}
            >
              {t('calendar.copy')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setAsking(true)}
            >
              {t('calendar.regenerate')}
            </button>
          </div>
          {feed.data.slotsUrl && (
            <div className="calendar-slots-feed">
              <div className="field">
                <label htmlFor={`${fieldId}-slots`}>{t('calendar.slotsLabel')}</label>
                <p id={`${fieldId}-slots-lead`} className="field-hint">
                  {t('calendar.slotsLead')}
                </p>
                <input
                  id={`${fieldId}-slots`}
                  className="input calendar-feed-url"
                  readOnly
                  value={feed.data.slotsUrl}
                  aria-describedby={`${fieldId}-slots-lead`}
                  onFocus={(event) => event.currentTarget.select()}
                />
              </div>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void copy(feed.data.slotsUrl!)}
              >
                {t('calendar.slotsCopy')}
              </button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={asking}
        onClose={() => {
          setAsking(false);
          regenerate.reset();
        }}
        title={t('calendar.regenerateTitle')}
        cancelLabel={t('calendar.cancel')}
        confirmLabel={t('calendar.regenerateConfirm')}
        pendingLabel={t('calendar.regenerating')}
        pending={regenerate.isPending}
        tone="primary"
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              toast.success(t('calendar.regenerated'));
            },
          })
        }
      >
        <p>{t('calendar.regenerateBody')}</p>
        {feed.data?.slotsUrl && <p>{t('calendar.regenerateSlots')}</p>}
        {regenerate.error ? (
          <p className="notice notice-error" role="alert">
            {errorMessage(t, regenerate.error)}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
