import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { pushStateQuery, useTurnPushOn } from './push-api';
import { pushFailure } from './push-section';
import './notifications.css';

/** Set once she answered the offer either way on this browser: it is made once. */
const ANSWERED_KEY = 'push-offer-answered';

/**
 * Push offered where it helps (issue 56): right after a student sent a request (the answer
 * will come) or an alumna agreed a visit (changes and messages will come), rather than only on
 * /profile where a new user does not look. Shown only where push can work and is neither on
 * nor blocked, and only until she answers it on this browser; turning it on is the profile's
 * own step, with the same messages when it cannot work.
 */
export function PushOffer({ reason }: { reason: 'sent' | 'accepted' }) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const state = useQuery(pushStateQuery);
  const turnOn = useTurnPushOn();
  const [answered, setAnswered] = useState(() => readAnswered());
  const push = state.data;
  if (answered || !push?.supported || push.subscribed || push.permission === 'denied') return null;
  const answer = () => {
    writeAnswered();
    setAnswered(true);
  };
  const on = async () => {
    try {
      await turnOn.mutateAsync(push.publicKey);
      toast.success(t('push.turnedOn'));
      answer();
    } catch (error) {
      toast.error(pushFailure(t, error));
    }
  };
  return (
    <section className="notice notice-info push-offer" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('push.offer.title')}</h2>
      <p>{t(reason === 'sent' ? 'push.offer.sent' : 'push.offer.accepted')}</p>
      <div className="push-offer-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={turnOn.isPending}
          aria-busy={turnOn.isPending || undefined}
          onClick={() => void on()}
        >
          {turnOn.isPending ? t('push.working') : t('push.offer.turnOn')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            answer();
            toast.success(t('push.offer.laterDone'));
          }}
        >
          {t('push.offer.later')}
        </button>
      </div>
    </section>
  );
}

function readAnswered(): boolean {
  try {
    return localStorage.getItem(ANSWERED_KEY) !== null;
  } catch {
    return false;
  }
}

function writeAnswered() {
  try {
    localStorage.setItem(ANSWERED_KEY, new Date().toISOString());
  } catch {
    // Storage refused (a private window): the offer simply comes again next time.
  }
}
