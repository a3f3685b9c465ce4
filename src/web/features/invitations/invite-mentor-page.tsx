import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  createInvitationSchema,
  type Invitation,
  type InvitationQuota,
} from '../../../shared/schemas/invitations';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { EmailField, SelectField } from '../../components/form-fields';
import { FormSkeleton, RowsSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { invitationHistoryQuery, useCreateInvitation } from './api';
import { BulkInviteForm } from './bulk-invite-form';
import { InvitationMessageField, SeminarNamed } from './invitation-message-field';
import './invitations.css';

type InviteForm = z.input<typeof createInvitationSchema>;
type InviteValues = z.output<typeof createInvitationSchema>;

/** /invite-mentor: invite an alumnus, see the quota and the inviter's history. */
export function InviteMentorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('invite.title'));
  const history = useQuery(invitationHistoryQuery);
  const isAdmin = useSession().data?.user?.role === 'admin';

  return (
    <div className="stack">
      <section className="card">
        <h1>{t('invite.title')}</h1>
        <p>{t('invite.lead')}</p>
        {history.data ? (
          <InviteForm quota={history.data.quota} isAdmin={isAdmin} />
        ) : history.isPending ? (
          <FormSkeleton fields={1} />
        ) : null}
      </section>
      {isAdmin ? <BulkInviteForm /> : null}
      <section className="card" aria-labelledby="invitation-history">
        <h2 id="invitation-history">{t('invite.historyTitle')}</h2>
        {isAdmin ? null : <p className="muted">{t('invite.mailOnly')}</p>}
        {history.isPending ? (
          <RowsSkeleton />
        ) : history.error ? (
          <p className="notice notice-error" role="alert">
            {t('invite.historyFailed')}
          </p>
        ) : history.data.invitations.length === 0 ? (
          <p className="muted">{t('invite.historyEmpty')}</p>
        ) : (
          <ul className="invitation-list">
            {history.data.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InviteForm({ quota, isAdmin }: { quota: InvitationQuota; isAdmin: boolean }) {
  const { t } = useTranslation();
  const create = useCreateInvitation();
  const toast = useToast();
  const form = useForm<InviteForm, unknown, InviteValues>({
    resolver: zodResolver(createInvitationSchema),
    defaultValues: { email: '', role: 'mentor', message: '' },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const exhausted = quota.remaining !== null && quota.remaining <= 0;

  const submit = form.handleSubmit(async (values) => {
    try {
      const personal = values.message ? { message: values.message } : {};
      const invitation = await create.mutateAsync(
        isAdmin ? { ...values, ...personal } : { email: values.email, ...personal },
      );
      toast.success(t('invite.created', { email: invitation.email }));
      form.reset({ email: '', role: values.role, message: '' });
    } catch {
      // Shown below from create.error, beside the address it is about.
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="quota" role="status">
        {quota.remaining === null
          ? t('invite.quotaUnlimited')
          : t('invite.quota', { remaining: quota.remaining, limit: quota.limit })}
      </p>
      {exhausted ? (
        <p className="notice notice-warning" role="alert">
          {t('invite.limitReached')}
        </p>
      ) : null}
      <fieldset disabled={exhausted} className="plain-fieldset">
        <EmailField
          label={t('invite.email')}
          errorKey={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        {isAdmin ? (
          <SelectField label={t('invite.role')} {...form.register('role')}>
            <option value="mentor">{t('invite.roleMentor')}</option>
            <option value="mentor_pending">{t('invite.roleMentorPending')}</option>
          </SelectField>
        ) : null}
        <InvitationMessageField
          errorKey={form.formState.errors.message?.message}
          message={message}
          {...form.register('message')}
        />
        <SeminarNamed />
        {create.error ? (
          <p className="notice notice-error" role="alert">
            {t('invite.failed', { message: errorMessage(t, create.error) })}
          </p>
        ) : null}
        <SubmitButton
          pending={create.isPending}
          label={t('invite.submit')}
          pendingLabel={t('invite.sending')}
        />
      </fieldset>
    </form>
  );
}

/**
 * One invitation. Its code and the link carrying it come only in an admin's answer: an
 * alumna's invitee gets them by mail, so her rows show neither and offer nothing to copy.
 */
function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const toast = useToast();
  // A failed copy stays beside its row: it shows the address to copy by hand.
  const [copyProblem, setCopyProblem] = useState<string | null>(null);
  const expired = invitation.status === 'expired';
  const { inviteCode, invitationUrl } = invitation;

  async function copyUrl(url: string) {
    if (expired) {
      setCopyProblem(t('invite.copyExpired'));
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopyProblem(null);
      toast.success(t('invite.copied'));
    } catch {
      setCopyProblem(t('invite.copyFailed', { url }));
    }
  }

  return (
    <li className="invitation-row">
      <div className="invitation-main">
        <span className="invitation-email">{invitation.email}</span>
        <span className={expired ? 'badge badge-muted' : 'badge badge-info'}>
          {expired ? t('invite.statusExpired') : t('invite.statusPending')}
        </span>
      </div>
      <dl className="invitation-meta">
        {inviteCode ? (
          <div>
            <dt>{t('invite.code')}</dt>
            <dd className="code">{inviteCode}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('invite.sentAt')}</dt>
          <dd>{formatDate(invitation.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('invite.expiresAt')}</dt>
          <dd>{formatDate(invitation.expiresAt)}</dd>
        </div>
      </dl>
      {invitationUrl ? (
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void copyUrl(invitationUrl)}
            aria-disabled={expired}
            disabled={expired}
            title={expired ? t('invite.copyExpired') : undefined}
          >
            {t('invite.copy')}
          </button>
          {expired ? <p className="muted">{t('invite.copyExpired')}</p> : null}
        </>
      ) : null}
      {copyProblem ? (
        <p className="notice notice-error" role="alert">
          {copyProblem}
        </p>
      ) : null}
    </li>
  );
}
