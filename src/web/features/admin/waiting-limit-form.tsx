import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WAITING_REQUESTS_LIMITS } from '../../../shared/constants';
import { errorMessage } from '../../api/error-message';
import { SelectField } from '../../components/form-fields';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { useSetWaitingLimit, waitingLimitQuery } from './waiting-limit-api';

/**
 * 「依頼のルール」 (issue 57, point 3): how many requests one student may have waiting for an
 * alumna's answer at once, 1–5, on the page where the seminar is named.
 */
export function WaitingLimitSection() {
  const { t } = useTranslation();
  const stored = useQuery(waitingLimitQuery);
  let body;
  if (stored.isPending) body = <FormSkeleton fields={1} />;
  else if (stored.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('waitingAdmin.loadFailed', { message: errorMessage(t, stored.error) })}
      </p>
    );
  } else body = <WaitingLimitForm stored={stored.data.waitingRequestsLimit} />;
  return (
    <section className="card" aria-labelledby="waiting-limit-title">
      <h2 id="waiting-limit-title">{t('waitingAdmin.title')}</h2>
      {body}
    </section>
  );
}

function WaitingLimitForm({ stored }: { stored: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetWaitingLimit();
  const [limit, setLimit] = useState(String(stored));

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await save.mutateAsync({ waitingRequestsLimit: Number(limit) });
      setLimit(String(saved.waitingRequestsLimit));
      toast.success(t('waitingAdmin.saved'));
    } catch (error) {
      toast.error(t('waitingAdmin.saveFailed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <SelectField
        label={t('waitingAdmin.label')}
        hint={t('waitingAdmin.hint')}
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
      >
        {WAITING_REQUESTS_LIMITS.map((count) => (
          <option key={count} value={String(count)}>
            {t('waitingAdmin.option', { count })}
          </option>
        ))}
      </SelectField>
      <div className="admin-form-actions">
        <SubmitButton
          pending={save.isPending}
          label={t('waitingAdmin.save')}
          pendingLabel={t('waitingAdmin.saving')}
        />
      </div>
    </form>
  );
}
