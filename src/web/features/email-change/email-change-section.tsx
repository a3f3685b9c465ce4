import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { emailChangeRequestSchema } from '../../../shared/schemas/email-change';
import { errorMessage } from '../../api/error-message';
import { EmailField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useSession } from '../../lib/session';
import { useRequestEmailChange } from './api';

type ChangeForm = z.input<typeof emailChangeRequestSchema>;
type ChangeValues = z.output<typeof emailChangeRequestSchema>;

/**
 * On /profile: the sign-in address and how to change it (docs/PRODUCT.md §3). The change is
 * made by the link mailed to the new address, so this form only sends that mail.
 */
export function EmailChangeSection() {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  const titleId = useId();
  const request = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangeForm, unknown, ChangeValues>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { email: '' },
  });
  if (!user) return null;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSentTo(null);
    try {
      const result = await request.mutateAsync(values);
      setSentTo(result.email);
      form.reset({ email: '' });
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) {
        setFailure(t('emailChange.failed', { message: errorMessage(t, error) }));
      }
    }
  });

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('emailChange.title')}</h2>
      <p>{t('emailChange.current', { email: user.email })}</p>
      <p className="muted">{t('emailChange.lead')}</p>
      {user.role === 'student' && <p className="muted">{t('emailChange.studentNote')}</p>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <EmailField
          label={t('emailChange.newEmail')}
          errorKey={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <SubmitButton
          pending={request.isPending}
          label={t('emailChange.submit')}
          pendingLabel={t('emailChange.submitting')}
        />
      </form>
      {sentTo && (
        <p className="notice notice-success" role="status">
          {t('emailChange.sent', { email: sentTo })}
        </p>
      )}
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
