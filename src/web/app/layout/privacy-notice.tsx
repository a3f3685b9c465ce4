import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '../../../shared/constants';
import type { AppMessages } from '../../../shared/messages/ja/app';
import { Modal } from '../../components/modal';

/** The session flag that keeps the notice to once per browser session. */
const SEEN_KEY = 'privacyNoticeSeen';

function alreadySeen(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The privacy notice shown once per browser session after sign-in. */
export function PrivacyNotice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !alreadySeen());
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
