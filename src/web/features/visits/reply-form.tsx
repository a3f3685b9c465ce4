import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { z } from 'zod';
import {
  cancellationNeedsReason,
  visitReplySchema,
  type VisitRequest,
} from '../../../shared/schemas/visit-requests';
import { errorMessage } from '../../api/error-message';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { isStaleAnswer } from './stale-answer';
import { useCancelVisitRequest, useDeclineVisitRequest } from './api';
import { ReplyMessageField } from './mentor-reply';

/**
 * Declining or cancelling a request, with a message for the other side.
 */

/** The alumnus lets a waiting request go, whoever's turn it is. */
export function DeclineRequest({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const [declining, setDeclining] = useState(false);
  if (declining) {
    return <ReplyForm kind="decline" requestId={requestId} onCancel={() => setDeclining(false)} />;
  }
  return (
    <p className="edit-cancel">
      <button
        type="button"
        className="button button-secondary button-block"
        onClick={() => setDeclining(true)}
      >
        {t('visits.decline.open')}
      </button>
    </p>
  );
}

/**
 * Cancelling is secondary: a quiet button that opens a confirmation, where the
 * reason can be given; the danger colour belongs to the final button only.
 */
export function CancelRequest({ request }: { request: VisitRequest }) {
  const { t } = useTranslation();
  // The 前日確認 mail's cancel link lands here with ?cancel=1: the dialog opens at once.
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(() => searchParams.get('cancel') === '1');
  // Decided when the dialog opens (the clock is read then, not on every render).
  const [late, setLate] = useState(() => cancellationNeedsReason(request, Date.now()));
  const booked = request.status === 'accepted';
  return (
    <>
      <p className="visit-secondary-action">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setLate(cancellationNeedsReason(request, Date.now()));
            setOpen(true);
          }}
        >
          {booked ? t('visits.cancel.openBooked') : t('visits.cancel.open')}
        </button>
      </p>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={booked ? t('visits.cancel.titleBooked') : t('visits.cancel.title')}
      >
        {open && (
          <ReplyForm
            kind="cancel"
            requestId={request.id}
            reasonRequired={late}
            masksContacts={!booked}
            inDialog
            onCancel={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}

type ReplyForm = z.input<typeof visitReplySchema>;
type ReplyValues = z.output<typeof visitReplySchema>;

/** Declining or cancelling: an optional message, then the mail to the other side. */
function ReplyForm({
  kind,
  requestId,
  onCancel,
  inDialog = false,
  reasonRequired = false,
  masksContacts = true,
}: {
  kind: 'decline' | 'cancel';
  requestId: string;
  onCancel: () => void;
  /** Cancelling within LATE_CANCEL_HOURS of the visit: the reason is required. */
  reasonRequired?: boolean;
  /** Inside a modal: the modal has the title, and a failure is said in the form (toasts are inert). */
  inDialog?: boolean;
  /** Written before acceptance (a refusal always is): the other side reads it masked (§7). */
  masksContacts?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const decline = useDeclineVisitRequest(requestId);
  const cancel = useCancelVisitRequest(requestId);
  const action = kind === 'decline' ? decline : cancel;
  const form = useForm<ReplyForm, unknown, ReplyValues>({
    resolver: zodResolver(visitReplySchema),
    defaultValues: { message: '' },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const texts = kind === 'decline' ? 'visits.decline' : 'visits.cancel';
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (reasonRequired && !values.message) {
      form.setError('message', { message: VALIDATION.visitCancelReasonRequired });
      return;
    }
    try {
      await action.mutateAsync(values);
      if (inDialog) onCancel();
      toast.success(t(`${texts}.done`));
    } catch (error) {
      // The page shows the request as it is now, with its notice at the top.
      if (isStaleAnswer(error)) {
        if (inDialog) onCancel();
        return;
      }
      const text = t(`${texts}.failed`, { message: errorMessage(t, error) });
      if (inDialog) setFailure(text);
      else toast.error(text);
    }
  });

  return (
    <form
      className={inDialog ? undefined : 'visit-actions'}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={inDialog ? undefined : `${kind}-title`}
    >
      {!inDialog && <h2 id={`${kind}-title`}>{t(`${texts}.title`)}</h2>}
      {kind === 'cancel' && <p>{t('visits.cancel.lead')}</p>}
      {reasonRequired && <p className="notice notice-warning">{t('visits.cancel.lateLead')}</p>}
      <ReplyMessageField
        label={reasonRequired ? t('visits.cancel.lateMessage') : t(`${texts}.message`)}
        required={reasonRequired}
        rows={4}
        errorKey={form.formState.errors.message?.message}
        typed={message}
        masksContacts={masksContacts}
        {...form.register('message')}
      />
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('visits.cancel.keep')}
        </button>
        <button
          type="submit"
          className="button button-danger"
          disabled={action.isPending}
          aria-busy={action.isPending || undefined}
        >
          {action.isPending ? t(`${texts}.submitting`) : t(`${texts}.submit`)}
        </button>
      </div>
    </form>
  );
}
