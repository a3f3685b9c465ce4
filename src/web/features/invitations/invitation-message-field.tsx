import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INVITATION_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { TextAreaField } from '../../components/form-fields';
import { seminarQuery } from '../seminar/api';

/** The inviter's personal line, with the warning that contacts are masked in the mail. */
export function InvitationMessageField({
  message,
  errorKey,
  ...field
}: { message: string; errorKey: string | undefined } & UseFormRegisterReturn) {
  const { t } = useTranslation();
  return (
    <>
      <TextAreaField
        label={t('invite.message')}
        hint={t('invite.messageHint')}
        rows={3}
        errorKey={errorKey}
        counter={t('invite.messageCounter', {
          count: message.length,
          max: INVITATION_MESSAGE_MAX_LENGTH,
        })}
        counterOver={message.length > INVITATION_MESSAGE_MAX_LENGTH}
        {...field}
      />
      <ContactMaskWarning text={message} message={t('invite.messageMasked')} />
    </>
  );
}

/** How the mail will name its sender: the seminar as the admins set it, else the office. */
export function SeminarNamed() {
  const { t } = useTranslation();
  const seminar = useQuery(seminarQuery).data?.seminar;
  if (seminar === undefined) return null;
  return (
    <p className="muted">
      {seminar
        ? t('invite.seminarNamed', { seminar: seminar.name, leader: seminar.leaderName })
        : t('invite.seminarUnset')}
    </p>
  );
}
