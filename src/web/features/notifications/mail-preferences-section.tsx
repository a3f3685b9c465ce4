import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAIL_EVENTS, type MailEvent } from '../../../shared/constants';
import {
  mailPreferencesSchema,
  type MailPreferencesForm,
} from '../../../shared/schemas/notifications';
import { errorMessage } from '../../api/error-message';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { mailPreferencesQuery, useSaveMailPreferences } from './api';

/**
 * On /profile: which events also come by mail (docs/PRODUCT.md §11). Students receive no
 * requests, so that choice is the alumni's only.
 */
export function MailPreferencesSection({ receivesRequests }: { receivesRequests: boolean }) {
  const { t } = useTranslation();
  const preferences = useQuery(mailPreferencesQuery);
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mailPreferences.title')}</h2>
      <p>{t('mailPreferences.lead')}</p>
      {preferences.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : preferences.error ? (
        <p className="notice notice-error" role="alert">
          {t('mailPreferences.loadFailed')}
        </p>
      ) : (
        <PreferencesForm
          initial={preferences.data}
          events={MAIL_EVENTS.filter((event) => receivesRequests || event !== 'requests')}
        />
      )}
    </section>
  );
}

function PreferencesForm({
  initial,
  events,
}: {
  initial: MailPreferencesForm;
  events: MailEvent[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveMailPreferences();
  const form = useForm<MailPreferencesForm>({
    resolver: zodResolver(mailPreferencesSchema),
    defaultValues: initial,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('mailPreferences.saved'));
    } catch (error) {
      toast.error(t('mailPreferences.failed', { message: errorMessage(t, error) }));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="field checkbox-group">
        <legend className="visually-hidden">{t('mailPreferences.title')}</legend>
        {events.map((event) => (
          <label key={event} className="checkbox-option">
            <input type="checkbox" {...form.register(event)} />
            {t(`mailPreferences.${event}`)}
          </label>
        ))}
      </fieldset>
      <SubmitButton
        pending={save.isPending}
        label={t('mailPreferences.save')}
        pendingLabel={t('mailPreferences.saving')}
      />
    </form>
  );
}
