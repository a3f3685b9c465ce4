import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '../../../shared/constants';
import type { AppMessages } from '../../../shared/messages/ja/app';
import { Modal } from '../../components/modal';

/** The session flag that keeps the notice to once per browser session. */
const SEEN_KEY = 'privacyNoticeSeen';

/** Whether the notice was confirmed in this browser session (it then stays closed). */
export function privacyNoticeSeen(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The privacy notice shown once per browser session after sign-in; `onSeen` lets what waits for
 * it (the question about the フリガナ) follow, one dialog at a time.
 */
export function PrivacyNotice({ onSeen }: { onSeen?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !privacyNoticeSeen());
  const paragraphs = t('privacyNotice.paragraphs', {
    returnObjects: true,
    // The retention period the code applies (jobs/maintenance), stated from one constant.
    retentionDays: RETENTION_DAYS,
  }) as AppMessages['privacyNotice']['paragraphs'];

  function close() {
    try {
      sessionStorage.setItem(SEEN_KEY, 'true');
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
