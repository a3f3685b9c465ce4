import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  PROFILE_GRADES,
  REDIRECT_AFTER_SAVE_MS,
  type ProfileGrade,
} from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  SELF_INTRODUCTION_MAX_LENGTH,
  studentProfileUpdateSchema,
  type StudentProfile,
} from '../../../shared/schemas/students';
import { INDUSTRY_CATEGORIES } from '../../../shared/taxonomy';
import { industryPartName } from '../../../shared/taxonomy-en';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { SelectField, TextAreaField, TextField } from '../../components/form-fields';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { myStudentProfileQuery, useUpdateMyStudentProfile } from './api';
import { StudentFields } from './student-fields';
import { useHomeWhenMissing, useRedirectAfter } from '../../lib/use-redirect-after';
import { applyServerFieldErrors } from '../../lib/server-field-errors';

type EditForm = z.input<typeof studentProfileUpdateSchema>;
type EditValues = z.output<typeof studentProfileUpdateSchema>;

/** /student-profile/edit (student only): name and grade required, the rest optional. */
export function StudentProfileEditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('studentProfileEdit.title'));
  const profile = useQuery(myStudentProfileQuery);
  const notFound = useHomeWhenMissing(profile.error);

  let body;
  if (profile.isPending) {
    body = <FormSkeleton fields={7} />;
  } else if (profile.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {notFound ? t('studentProfileEdit.notFound') : t('studentProfileEdit.loadFailed')}
      </p>
    );
  } else {
    body = <StudentEditForm profile={profile.data} />;
  }

  return (
    <section className="card narrow">
      <h1>{t('studentProfileEdit.title')}</h1>
      {body}
    </section>
  );
}

function StudentEditForm({ profile }: { profile: StudentProfile }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateMyStudentProfile();
  const toast = useToast();
  const [saved, setSaved] = useState(false);
  const form = useForm<EditForm, unknown, EditValues>({
    resolver: zodResolver(studentProfileUpdateSchema),
    defaultValues: {
      name: profile.name,
      nameReading: profile.nameReading ?? '',
      grade: (PROFILE_GRADES as readonly string[]).includes(profile.grade)
        ? (profile.grade as ProfileGrade)
        : undefined,
      faculty: profile.faculty,
      department: profile.department,
      desiredIndustry: profile.desiredIndustry ?? '',
      desiredJobType: profile.desiredJobType ?? '',
      selfIntroduction: profile.selfIntroduction ?? '',
    },
  });
  const introduction = useWatch({ control: form.control, name: 'selfIntroduction' }) ?? '';
  const errors = form.formState.errors;
  // A desired industry written before the taxonomy stays selectable until it is changed.
  const industryNames = INDUSTRY_CATEGORIES.map((c) => c.name);
  if (profile.desiredIndustry && !industryNames.includes(profile.desiredIndustry)) {
    industryNames.push(profile.desiredIndustry);
  }

  useRedirectAfter(Boolean(saved), paths.studentProfile, REDIRECT_AFTER_SAVE_MS);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        name: values.name,
        nameReading: values.nameReading,
        grade: values.grade,
        faculty: values.faculty ?? undefined,
        department: values.department ?? undefined,
        desiredIndustry: values.desiredIndustry ?? undefined,
        desiredJobType: values.desiredJobType ?? undefined,
        selfIntroduction: values.selfIntroduction ?? undefined,
      });
      setSaved(true);
      toast.success(t('studentProfileEdit.saved'));
    } catch (error) {
      toast.error(t('studentProfileEdit.failed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('studentProfileEdit.lead')}</p>
        <fieldset disabled={saved} className="plain-fieldset">
          <StudentFields page="edit" />
          <SelectField
            label={t('studentProfileEdit.desiredIndustry')}
            placeholder={t('studentProfileEdit.desiredIndustryNone')}
            errorKey={errors.desiredIndustry?.message}
            {...form.register('desiredIndustry')}
          >
            {industryNames.map((name) => (
              <option key={name} value={name}>
                {industryPartName(name, i18n.language)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('studentProfileEdit.desiredJobType')}
            placeholder={t('studentProfileEdit.desiredJobTypePlaceholder')}
            errorKey={errors.desiredJobType?.message}
            {...form.register('desiredJobType')}
          />
          <TextAreaField
            label={t('studentProfileEdit.selfIntroduction')}
            rows={6}
            errorKey={errors.selfIntroduction?.message}
            counter={t('studentProfileEdit.selfIntroductionCounter', {
              count: introduction.length,
              max: SELF_INTRODUCTION_MAX_LENGTH,
            })}
            counterOver={introduction.length > SELF_INTRODUCTION_MAX_LENGTH}
            {...form.register('selfIntroduction')}
          />
          {/* The alumna reads it with a request, masked until she accepts (§7). */}
          <ContactMaskWarning
            text={introduction}
            message={t('studentProfileEdit.selfIntroductionMask')}
          />
          <SubmitButton
            pending={update.isPending}
            label={t('studentProfileEdit.submit')}
            pendingLabel={t('studentProfileEdit.saving')}
          />
        </fieldset>
        <p className="edit-cancel">
          <Link className="button button-secondary button-block" to={paths.studentProfile}>
            {t('studentProfileEdit.cancel')}
          </Link>
        </p>
      </form>
    </FormProvider>
  );
}
