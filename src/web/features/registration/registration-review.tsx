import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  registrationCorrectionSchema,
  type PendingRegistrationView,
  type RegistrationCorrection,
  type RegistrationCorrectionInput,
} from '../../../shared/schemas/registration';
import { gradeName } from '../../../shared/constants';
import { ApiError } from '../../api/client';
import { ErrorNotice } from '../../components/error-notice';
import { ProfileList } from '../../components/profile-list';
import { SubmitButton } from '../../components/submit-button';
import { universityName } from '../../lib/university-name';
import { StudentFields } from '../students';
import { useCancelRegistration, useConfirmRegistration } from './api';
import { applyServerFieldErrors } from '../../lib/server-field-errors';

const CORRECTABLE = ['name', 'nameReading', 'studentNumber', 'faculty', 'department'] as const;

/**
 * The registration link's page shows what was entered with the address.
 * Anyone may type a stranger's address into the form, so the owner confirms it here,
 * correcting the name, its reading, the student number, faculty and department, or says it is not theirs,
 * which deletes it and frees the address at once.
 */
export function RegistrationReview({
  token,
  registration,
  onConfirmed,
  onCancelled,
}: {
  token: string;
  registration: PendingRegistrationView;
  onConfirmed: () => void;
  onCancelled: () => void;
}) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmRegistration();
  const cancel = useCancelRegistration();
  const link = { token, email: registration.email };
  const form = useForm<RegistrationCorrectionInput, unknown, RegistrationCorrection>({
    resolver: zodResolver(registrationCorrectionSchema),
    defaultValues: {
      name: registration.name,
      nameReading: registration.nameReading,
      studentNumber: registration.studentNumber,
      faculty: registration.faculty,
      department: registration.department,
    },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync({ ...link, ...values });
      onConfirmed();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) => CORRECTABLE.find((name) => name === field),
        shouldFocus: true,
      });
    }
  });

  async function notMine() {
    try {
      await cancel.mutateAsync(link);
      onCancelled();
    } catch {
      // Shown by the notice below the button.
    }
  }

  const busy = confirm.isPending || cancel.isPending;
  const fixedRows: [string, string][] = [
    [t('registrationLink.email'), registration.email],
    [
      t('registrationLink.university'),
      universityName(registration.universityName, registration.universityNameEn, i18n.language),
    ],
    [t('registrationLink.grade'), gradeName(registration.grade, i18n.language)],
  ];
  return (
    <div className="registration-review">
      <p>{t('registrationLink.lead')}</p>
      <ProfileList rows={fixedRows} />
      <FormProvider {...form}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <StudentFields page="review" />
          {/* Field errors stand beside their fields; anything else (an expired link) here. */}
          {hasFieldErrors(confirm.error) ? null : <ErrorNotice error={confirm.error} />}
          <SubmitButton
            pending={confirm.isPending}
            label={t('registrationLink.confirm')}
            pendingLabel={t('registrationLink.confirming')}
          />
        </form>
      </FormProvider>
      <section className="registration-not-mine" aria-labelledby="registration-not-mine-title">
        <h2 id="registration-not-mine-title">{t('registrationLink.notMineTitle')}</h2>
        <p>{t('registrationLink.notMineLead')}</p>
        <ErrorNotice error={cancel.error} />
        <button
          type="button"
          className="button button-secondary button-block"
          disabled={busy}
          aria-busy={cancel.isPending || undefined}
          onClick={() => void notMine()}
        >
          {cancel.isPending ? t('registrationLink.cancelling') : t('registrationLink.notMine')}
        </button>
      </section>
    </div>
  );
}

function hasFieldErrors(error: Error | null): boolean {
  return error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;
}
