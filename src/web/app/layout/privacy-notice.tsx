import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_LOG_DAYS, RETENTION_DAYS } from '../../../shared/constants';
import type { AppMessages } from '../../../shared/messages/ja/app';
import { Modal } from '../../components/modal';

/**
 * Whether the notice was confirmed since signing in here, kept in local storage so that every
 * tab and every link opened from a mail shares it; forgotten when the browser finds itself
 * signed out or another user signed in (forgetPrivacyNotice) and by sign-out, which clears the
 * storage: once per sign-in.
 */
const SEEN_KEY = 'privacyNoticeSeen';

/** Whether the notice was confirmed since this browser signed in (it then stays closed). */
export function privacyNoticeSeen(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Signed out, timed out or another user: the next sign-in shows the notice again. */
export function forgetPrivacyNotice(): void {
  try {
    localStorage.removeItem(SEEN_KEY);
  } catch {
    // Blocked storage held nothing.
  }
}

/**
 * The privacy notice shown once per sign-in; `onSeen` lets what waits for it (the question
 * about the フリガナ) follow, one dialog at a time. Confirmed in another tab, it closes here too.
 */
export function PrivacyNotice({ onSeen }: { onSeen?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !privacyNoticeSeen());
  useEffect(() => {
    function seenElsewhere(event: StorageEvent) {
      if (event.key !== SEEN_KEY || event.newValue !== 'true') return;
      setOpen(false);
      onSeen?.();
    }
    window.addEventListener('storage', seenElsewhere);
    return () => window.removeEventListener('storage', seenElsewhere);
  }, [onSeen]);
  const paragraphs = t('privacyNotice.paragraphs', {
    returnObjects: true,
    // The retention period the code applies (jobs/maintenance), stated from one constant.
    retentionDays: RETENTION_DAYS,
    mailLogDays: MAIL_LOG_DAYS,
  }) as AppMessages['privacyNotice']['paragraphs'];

  function close() {
    try {
      localStorage.setItem(SEEN_KEY, 'true');
    } catch {
      // Without storage it shows again next time, which is the safe side.
    }
    setOpen(false);
    onSeen?.();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('privacyNotice.title')}
      footer={
        <button type="button" className="button button-primary" onClick={close}>
          {t('privacyNotice.confirm')}
        </button>
      }
    >
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </Modal>
  );
}
