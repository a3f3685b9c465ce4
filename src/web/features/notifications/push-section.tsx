import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import {
  NotificationsNotAllowed,
  PushRefusedByBrowser,
  pushStateQuery,
  useTurnPushOff,
  useTurnPushOn,
  type PushState,
} from './push-api';

/**
 * On /profile: push notifications for this browser (docs/PRODUCT.md §14), the person's choice,
 * device by device. The browser's permission is asked only when they press the button.
 */
export function PushSection() {
  const { t } = useTranslation();
  const state = useQuery(pushStateQuery);
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('push.title')}</h2>
      <p>{t('push.lead')}</p>
      {state.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : state.error ? (
        <p className="notice notice-error" role="alert">
          {t('push.loadFailed')}
        </p>
      ) : (
        <PushChoice state={state.data} />
      )}
    </section>
  );
}

/** What turning push on failed of, in words that say what to do (the offer says the same). */
export function pushFailure(t: TFunction, error: unknown): string {
  return error instanceof NotificationsNotAllowed
    ? t('push.notAllowed')
    : error instanceof PushRefusedByBrowser
      ? t('push.refusedByBrowser')
      : error instanceof ApiError && error.code !== 'network' && error.status < 500
        ? errorMessage(t, error)
        : t('push.failed');
}

function PushChoice({ state }: { state: PushState }) {
  const { t } = useTranslation();
  const toast = useToast();
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  if (!state.supported) return <p className="notice notice-info">{t('push.unsupported')}</p>;
  if (state.permission === 'denied') {
    return <p className="notice notice-warning">{t('push.denied')}</p>;
  }
  const on = async () => {
    try {
      await turnOn.mutateAsync(state.publicKey);
      toast.success(t('push.turnedOn'));
    } catch (error) {
      toast.error(pushFailure(t, error));
    }
  };
  const off = async () => {
    try {
      await turnOff.mutateAsync();
      toast.success(t('push.turnedOff'));
    } catch {
      toast.error(t('push.failed'));
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void (state.subscribed ? off() : on());
      }}
    >
      <p role="status">{t(state.subscribed ? 'push.on' : 'push.off')}</p>
      <SubmitButton
        pending={turnOn.isPending || turnOff.isPending}
        label={t(state.subscribed ? 'push.turnOff' : 'push.turnOn')}
        pendingLabel={t('push.working')}
      />
    </form>
  );
}
