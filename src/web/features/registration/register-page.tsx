import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { z } from 'zod';
import { DOMAIN_CHECK_DEBOUNCE_MS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { EMAIL_PATTERN, emailMatchesDomains } from '../../../shared/schemas/common';
import { studentRegistrationSchema } from '../../../shared/schemas/registration';
import { type UniversityOption } from '../../../shared/schemas/universities';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { EmailField, HoneypotField } from '../../components/form-fields';
import { PageLoading } from '../../components/page-loading';
import { SubmitButton } from '../../components/submit-button';
import { TermsDialog } from '../../components/terms-dialog';
import { emailForSignIn, pendingSignup } from '../../lib/browser-storage';
import { useDebounced } from '../../lib/use-debounced';
import { useSession } from '../../lib/session';
import { useRegisterStudent } from './api';
import { universitiesQuery } from '../../lib/universities';
import { StudentFields } from '../students';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { VALIDATION } from '../../../shared/messages/validation-keys';

/** Everything but consent, which the terms dialog's "agree and continue" gives. */
const formSchema = studentRegistrationSchema.omit({ termsAccepted: true });
type RegisterForm = z.input<typeof formSchema>;
type RegisterValues = z.output<typeof formSchema>;
type Form = UseFormReturn<RegisterForm, unknown, RegisterValues>;

const DOMAIN_MISMATCH = VALIDATION.emailDomainMismatch;

/** /register: a student's own sign-up with the university's e-mail address. */
export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('register.title'));
  const session = useSession();
  const universities = useQuery(universitiesQuery);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (session.data?.user) return <Navigate to={paths.home} replace />;

  return (
    <section className="card narrow">
      <h1>{t('register.title')}</h1>
      {sentTo ? (
        <SentConfirmation email={sentTo} />
      ) : universities.isPending ? (
        <PageLoading />
      ) : universities.error || !Array.isArray(universities.data) ? (
        <p className="notice notice-error" role="alert">
          {universities.error
            ? t('register.universitiesFailed')
            : t('register.universitiesInvalid')}
        </p>
      ) : universities.data.length === 0 ? (
        <p className="notice notice-error" role="alert">
          {t('register.universitiesNotFound')}
        </p>
      ) : (
        <RegistrationForm universities={universities.data} onSent={setSentTo} />
      )}
      <p className="register-link">
        <Link to={paths.login}>{t('register.haveAccount')}</Link>
      </p>
    </section>
  );
}

function RegistrationForm({
  universities,
  onSent,
}: {
  universities: UniversityOption[];
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation();
  const register = useRegisterStudent();
  const [agreeing, setAgreeing] = useState<RegisterValues | null>(null);
  const form: Form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: '',
      nameReading: '',
      studentNumber: '',
      universityId: '',
      faculty: '',
      department: '',
      email: '',
      website: '',
    },
  });
  const universityId = useWatch({ control: form.control, name: 'universityId' });
  const university = universities.find((u) => u.id === universityId);
  const domainsOf = (id: string) => universities.find((u) => u.id === id)?.domains ?? [];
  useLiveDomainCheck(form, university?.domains);

  const submit = form.handleSubmit((values) => {
    // The domain rule needs the chosen university, so it is checked here beside the schema.
    if (!emailMatchesDomains(values.email, domainsOf(values.universityId))) {
      form.setError('email', { message: DOMAIN_MISMATCH }, { shouldFocus: true });
      return;
    }
    setAgreeing(values);
  });

  async function sendAfterConsent() {
    const values = agreeing;
    setAgreeing(null);
    if (!values) return;
    try {
      await register.mutateAsync({ ...values, termsAccepted: true });
      pendingSignup.set({
        email: values.email,
        userData: {
          name: values.name,
          nameReading: values.nameReading,
          studentNumber: values.studentNumber,
          universityId: values.universityId,
          faculty: values.faculty,
          department: values.department,
          grade: values.grade,
        },
        role: 'student',
        timestamp: Date.now(),
      });
      emailForSignIn.set(values.email);
      onSent(values.email);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) => (field in values ? (field as keyof RegisterForm) : undefined),
      });
    }
  }

  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('register.lead')}</p>
        <StudentFields page="register" universities={universities} />
        <EmailField
          label={t('register.email')}
          hint={
            university
              ? // 「いずれか」 only when there is a choice: one domain is named as the one.
                university.domains.length === 1
                ? t('register.emailHintOneDomain', { domain: `@${university.domains[0]}` })
                : t('register.emailHint', {
                    domains: university.domains.map((d) => `@${d}`).join('、'),
                  })
              : t('register.emailHintNoUniversity')
          }
          errorKey={errors.email?.message}
          {...form.register('email', { disabled: !university })}
        />
        <HoneypotField {...form.register('website')} />
        {register.error ? <RegistrationError error={register.error} /> : null}
        <SubmitButton
          pending={register.isPending}
          label={t('register.submit')}
          pendingLabel={t('register.sending')}
        />
        <TermsDialog
          open={agreeing !== null}
          onClose={() => setAgreeing(null)}
          onAgree={() => void sendAfterConsent()}
          lead={t('register.termsLead')}
        />
      </form>
    </FormProvider>
  );
}

/**
 * The domain is checked 500 ms after typing stops, and again at once when the
 * university changes. Only the domain error is set or cleared here; the schema owns the rest.
 */
function useLiveDomainCheck(form: Form, domains: string[] | undefined) {
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const settledEmail = useDebounced(email, DOMAIN_CHECK_DEBOUNCE_MS);
  const previousDomains = useRef(domains);
  useEffect(() => {
    const universityChanged = previousDomains.current !== domains;
    previousDomains.current = domains;
    const checked = universityChanged ? email : settledEmail;
    if (checked !== email || !domains || !EMAIL_PATTERN.test(checked.trim())) return;
    const current = form.getFieldState('email').error?.message;
    if (!emailMatchesDomains(checked, domains)) {
      form.setError('email', { message: DOMAIN_MISMATCH });
    } else if (current === DOMAIN_MISMATCH) {
      form.clearErrors('email');
    }
  }, [settledEmail, email, domains, form]);
}

/** Known codes in their words, anything else as a generic error with its code. */
function RegistrationError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const known =
    error instanceof ApiError &&
    [
      'auth/email-already-in-use',
      'registration/domain-not-allowed',
      'auth/too-many-requests',
      'network',
      'unavailable',
      'invalid-argument',
    ].includes(error.code);
  return (
    <p className="notice notice-error" role="alert">
      {known
        ? errorMessage(t, error)
        : t('register.failed', { code: error instanceof ApiError ? error.code : 'unknown' })}
    </p>
  );
}

function SentConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="sent-confirmation">
      <h2 ref={headingRef} tabIndex={-1}>
        {t('register.sentTitle')}
      </h2>
      <p role="status">{t('register.sentBody', { email })}</p>
      <p className="muted">{t('register.sentNote')}</p>
      <p>
        <Link className="button button-secondary" to={paths.login}>
          {t('register.toLogin')}
        </Link>
      </p>
    </div>
  );
}
