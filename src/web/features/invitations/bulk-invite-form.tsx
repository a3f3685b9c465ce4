import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  bulkInvitationSchema,
  type BulkInvitationResult,
} from '../../../shared/schemas/invitations';
import { errorMessage } from '../../api/error-message';
import { SelectField, TextAreaField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useInviteList } from './api';
import { InvitationMessageField } from './invitation-message-field';

type ListForm = z.input<typeof bulkInvitationSchema>;
type ListValues = z.output<typeof bulkInvitationSchema>;

/**
 * An admin's list of addresses, one per line (issue 56, point 4): each line is checked and
 * invited on its own, and what became of each is listed under the form (sent, already invited,
 * already a member, not an address, over the day's limit).
 */
export function BulkInviteForm() {
  const { t } = useTranslation();
  const invite = useInviteList();
  const form = useForm<ListForm, unknown, ListValues>({
    resolver: zodResolver(bulkInvitationSchema),
    defaultValues: { addresses: '', role: 'mentor', message: '' },
  });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';

  const submit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync({ ...values, message: values.message || undefined });
      // What was sent leaves the box; what was not stays, to correct and send again.
      form.setValue('addresses', '');
    } catch {
      // Shown below from invite.error.
    }
  });

  return (
    <section className="card" aria-labelledby="invite-list-title">
      <h2 id="invite-list-title">{t('inviteList.title')}</h2>
      <p>{t('inviteList.lead')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          label={t('inviteList.addresses')}
          rows={6}
          autoCapitalize="none"
          spellCheck={false}
          errorKey={form.formState.errors.addresses?.message}
          {...form.register('addresses')}
        />
        <SelectField label={t('inviteList.role')} {...form.register('role')}>
          <option value="mentor">{t('invite.roleMentor')}</option>
          <option value="mentor_pending">{t('invite.roleMentorPending')}</option>
        </SelectField>
        <InvitationMessageField
          errorKey={form.formState.errors.message?.message}
          message={message}
          {...form.register('message')}
        />
        {invite.error ? (
          <p className="notice notice-error" role="alert">
            {t('inviteList.failed', { message: errorMessage(t, invite.error) })}
          </p>
        ) : null}
        <SubmitButton
          pending={invite.isPending}
          label={t('inviteList.submit')}
          pendingLabel={t('inviteList.sending')}
        />
      </form>
      {invite.data ? <ListResults results={invite.data.results} /> : null}
    </section>
  );
}

function ListResults({ results }: { results: BulkInvitationResult['results'] }) {
  const { t } = useTranslation();
  const sent = results.filter((result) => result.outcome === 'sent').length;
  return (
    <div className="invite-list-results" role="status">
      <h3>{t('inviteList.resultTitle')}</h3>
      <p>{t('inviteList.summary', { sent, total: results.length })}</p>
      <ul className="invitation-list">
        {results.map((result, index) => (
          <li key={`${index}-${result.line}`} className="invitation-row">
            <div className="invitation-main">
              <span className="invitation-email">{result.line}</span>
              <span
                className={result.outcome === 'sent' ? 'badge badge-info' : 'badge badge-muted'}
              >
                {t(`inviteList.outcomes.${result.outcome}`)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
