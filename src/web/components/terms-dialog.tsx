import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS } from '../../shared/constants';
import type { AppMessages } from '../../shared/messages/ja/app';
import { Modal, type ModalOpening } from './modal';

interface TermsDialogProps extends ModalOpening {
  /** Registration passes this: the main button then records consent. */
  onAgree?: () => void;
  /** A sentence above the terms saying what agreeing will do. */
  lead?: string;
}

export function TermsDialog({ open, onClose, onAgree, lead }: TermsDialogProps) {
  const { t } = useTranslation();
  // The retention period from the one constant the maintenance job uses. Read when shown: the
  // menu on every page holds the dialog closed, and its text need not slow the first paint.
  const sections = open
    ? (t('terms.sections', {
        returnObjects: true,
        retentionDays: RETENTION_DAYS,
      }) as AppMessages['terms']['sections'])
    : [];
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('terms.title')}
      scrollable
      footer={
        <button type="button" className="button button-primary" onClick={onAgree ?? onClose}>
          {onAgree ? t('terms.agree') : t('terms.close')}
        </button>
      }
    >
      {lead ? <p className="notice notice-info">{lead}</p> : null}
      {sections.map((section) => (
        <section key={section.heading} className="terms-section">
          <h3>{section.heading}</h3>
          <p>{section.body}</p>
        </section>
      ))}
    </Modal>
  );
}
