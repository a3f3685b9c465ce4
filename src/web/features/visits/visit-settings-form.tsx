import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MONTHLY_REQUEST_LIMITS } from '../../../shared/constants';
import {
  CONTACT_VISIBILITIES,
  visitSettingsSchema,
  type MentorProfile,
} from '../../../shared/schemas/mentors';
import { errorMessage } from '../../api/error-message';
import { EmailField, RadioGroupField, SelectField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { useResendContactEmail, useSaveVisitSettings } from './api';

/** The form's values as its controls hold them (strings), turned into the shared settings. */
const formSchema = z
  .object({
    accepting: z.enum(['on', 'off']),
    monthlyRequestLimit: z.string(),
    contactVisibility: z.enum(CONTACT_VISIBILITIES),
    contactEmail: z.string(),
  })
  .transform((value) => ({
    acceptingRequests: value.accepting === 'on',
    monthlyRequestLimit: value.monthlyRequestLimit ? Number(value.monthlyRequestLimit) : null,
    contactVisibility: value.contactVisibility,
    contactEmail: value.contactEmail,
  }))
  .pipe(visitSettingsSchema.required({ contactEmail: true }));
type SettingsForm = z.input<typeof formSchema>;
type SettingsValues = z.output<typeof formSchema>;

const CONTACT_LABEL = {
  signed_in: 'visits.settings.contactSignedIn',
  accepted: 'visits.settings.contactAccepted',
} as const;

/** Who sees the address under each choice, said under the choice itself. */
const CONTACT_AUDIENCE = {
  signed_in: 'visits.settings.contactAudienceSignedIn',
  accepted: 'visits.settings.contactAudienceAccepted',
} as const;

/**
 * 「確認待ち」 while the contact address's mailed link is not followed (students see no address
 * until then), with a resend.
 */
function ContactPending({ email }: { email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const resend = useResendContactEmail();
  const onResend = async () => {
    try {
      await resend.mutateAsync();
      toast.success(t('visits.settings.resent', { email }));
    } catch (error) {
      toast.error(t('visits.settings.resendFailed', { message: errorMessage(t, error) }));
    }
  };
  return (
    <div className="notice notice-warning" role="note">
      <p>
        <span className="badge badge-muted">{t('visits.settings.contactPending')}</span>{' '}
        {t('visits.settings.contactPendingNote', { email })}
      </p>
      <button
        type="button"
        className="button"
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
        onClick={() => void onResend()}
      >
        {resend.isPending ? t('visits.settings.resending') : t('visits.settings.resend')}
      </button>
    </div>
  );
}

/**
 * On the alumnus's own profile: 受付停止, the monthly limit, the contact address (which may
 * differ from the sign-in address, and is confirmed by a mailed link) and who sees it.
 */
export function VisitSettingsForm({
  settings,
  contactEmail,
  contactEmailConfirmed,
}: {
  settings: MentorProfile['visitSettings'];
  contactEmail: string;
  contactEmailConfirmed: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveVisitSettings();
  const form = useForm<SettingsForm, unknown, SettingsValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      accepting: settings.acceptingRequests ? 'on' : 'off',
      monthlyRequestLimit: settings.monthlyRequestLimit?.toString() ?? '',
      contactVisibility: settings.contactVisibility,
      contactEmail,
    },
  });
  const visibility = useWatch({ control: form.control, name: 'contactVisibility' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('visits.settings.saved'));
    } catch (error) {
      toast.error(t('visits.settings.failed', { message: errorMessage(t, error) }));
    }
  });

  return (
    <section aria-labelledby="visit-settings-title" className="visit-settings">
      <h2 id="visit-settings-title">{t('visits.settings.title')}</h2>
      <p>{t('visits.settings.lead')}</p>
      {settings.autoPaused && (
        <p className="notice notice-warning" role="note">
          {t('visits.settings.autoPaused')}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <RadioGroupField
          legend={t('visits.settings.accepting')}
          options={[
            { value: 'on', label: t('visits.settings.acceptingOn') },
            { value: 'off', label: t('visits.settings.acceptingOff') },
          ]}
          inputProps={form.register('accepting')}
        />
        <SelectField
          label={t('visits.settings.monthlyLimit')}
          hint={t('visits.settings.thisMonth', { count: settings.requestsThisMonth })}
          {...form.register('monthlyRequestLimit')}
        >
          <option value="">{t('visits.settings.noLimit')}</option>
          {MONTHLY_REQUEST_LIMITS.map((limit) => (
            <option key={limit} value={limit}>
              {t('visits.settings.limitOption', { count: limit })}
            </option>
          ))}
        </SelectField>
        <RadioGroupField
          legend={t('visits.settings.contactVisibility')}
          options={CONTACT_VISIBILITIES.map((visibility) => ({
            value: visibility,
            label: t(CONTACT_LABEL[visibility]),
          }))}
          inputProps={form.register('contactVisibility')}
        />
        <p className="field-hint" aria-live="polite">
          {t(CONTACT_AUDIENCE[visibility])}
        </p>
        <EmailField
          label={t('visits.settings.contactEmail')}
          hint={t('visits.settings.contactEmailHint')}
          errorKey={form.formState.errors.contactEmail?.message}
          {...form.register('contactEmail')}
        />
        {contactEmailConfirmed ? null : <ContactPending email={contactEmail} />}
        <SubmitButton
          pending={save.isPending}
          label={t('visits.settings.save')}
          pendingLabel={t('visits.settings.saving')}
        />
      </form>
    </section>
  );
}
