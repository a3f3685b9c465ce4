import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { errorMessage } from '../../api/error-message';
import { FormSkeleton, RowsSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { seminarQuery } from '../seminar/api';
import { SeminarForm } from './seminar-form';
import { WaitingLimitSection } from './waiting-limit-form';
import { adminSetupQuery } from './setup-api';
import './admin.css';

/**
 * /admin/setup: what a new seminar's admin lands on until it is done (issue 56) — its
 * 相談窓口, its name for the invitations (set here), its first invitations — each ticked once
 * done. It stays in the console's menu, the one place the seminar's name is changed.
 */
export function SetupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.setup.title'));
  const setup = useQuery(adminSetupQuery);
  const seminar = useQuery(seminarQuery);

  let steps;
  if (setup.isPending) steps = <RowsSkeleton />;
  else if (setup.error) {
    steps = (
      <p className="notice notice-error" role="alert">
        {t('admin.setup.loadFailed', { message: errorMessage(t, setup.error) })}
      </p>
    );
  } else {
    steps = (
      <ol className="setup-steps">
        <Step done={setup.data.desk} title={t('admin.setup.desk')} hint={t('admin.setup.deskHint')}>
          <Link className="button button-secondary" to={paths.adminDesk}>
            {t('admin.setup.open')}
          </Link>
        </Step>
        <Step
          done={setup.data.seminar}
          title={t('admin.setup.seminar')}
          hint={t('admin.setup.seminarHint')}
        >
          {seminar.isPending ? (
            <FormSkeleton fields={2} />
          ) : (
            <SeminarForm seminar={seminar.data?.seminar ?? null} />
          )}
        </Step>
        <Step
          done={setup.data.invitations}
          title={t('admin.setup.invitations')}
          hint={t('admin.setup.invitationsHint')}
        >
          <Link className="button button-secondary" to={paths.inviteMentor}>
            {t('admin.setup.open')}
          </Link>
        </Step>
      </ol>
    );
  }

  return (
    <div className="stack">
      <h1>{t('admin.setup.title')}</h1>
      <p>{t('admin.setup.lead')}</p>
      {steps}
      <WaitingLimitSection />
      <p>
        <Link to={paths.admin}>{t('admin.setup.toOverview')}</Link>
      </p>
    </div>
  );
}

function Step({
  done,
  title,
  hint,
  children,
}: {
  done: boolean;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className={done ? 'setup-step setup-step-done' : 'setup-step'}>
      <span className="setup-step-mark" aria-hidden="true">
        {done ? '✓' : '○'}
      </span>
      <div className="setup-step-body">
        <h2 className="setup-step-title">
          {title}{' '}
          <span className={done ? 'badge badge-success' : 'badge badge-muted'}>
            {done ? t('admin.setup.done') : t('admin.setup.todo')}
          </span>
        </h2>
        <p className="muted">{hint}</p>
        {children}
      </div>
    </li>
  );
}
