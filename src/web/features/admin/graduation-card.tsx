import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeName, PROFILE_GRADES, type ProfileGrade } from '../../../shared/constants';
import { CheckboxField, SelectField } from '../../components/form-fields';
import { formatDate } from '../../lib/format';
import { universitiesQuery } from '../../lib/universities';
import { universityName } from '../../lib/university-name';
import { graduationApplicantsQuery, useMarkGraduatingCohort } from './api';
import type { ConfirmRequest } from '../../components/confirm-dialog';

/**
 * Graduates becoming OG on /admin/users (docs/PRODUCT.md §4): marking a graduating cohort (its
 * students may apply and are mailed how), and who has applied, with where each stands. An
 * application awaiting approval is approved in the user list, as an invited alumna is.
 */
export function GraduationCard({ ask }: { ask: (request: ConfirmRequest) => void }) {
  const { t, i18n } = useTranslation();
  const applicants = useQuery(graduationApplicantsQuery);
  const universities = useQuery(universitiesQuery);
  const mark = useMarkGraduatingCohort();
  const [grades, setGrades] = useState<ProfileGrade[]>(['4年', '大学院2年', '卒業予定']);
  const [universityId, setUniversityId] = useState('');
  const university = universities.data?.find((u) => u.id === universityId);
  const cohortName = university
    ? universityName(university.name, university.nameEn, i18n.language)
    : t('admin.graduation.allUniversities');

  function toggle(grade: ProfileGrade, on: boolean) {
    setGrades((now) => PROFILE_GRADES.filter((g) => (g === grade ? on : now.includes(g))));
  }

  function askMark() {
    ask({
      title: t('admin.graduation.markTitle'),
      body: (
        <p>
          {t('admin.graduation.markBody', {
            grades: grades.map((grade) => gradeName(grade, i18n.language)).join('・'),
            university: cohortName,
          })}
        </p>
      ),
      confirmLabel: t('admin.graduation.markConfirm'),
      pendingLabel: t('admin.graduation.marking'),
      tone: 'primary',
      run: async () => {
        const result = await mark.mutateAsync({
          grades,
          ...(universityId ? { universityId } : {}),
        });
        return t('admin.graduation.marked', { count: result.marked });
      },
    });
  }

  const list = applicants.data;
  return (
    <section className="card stack" aria-labelledby="admin-graduation">
      <h2 id="admin-graduation">{t('admin.graduation.title')}</h2>
      <p className="muted">{t('admin.graduation.lead')}</p>
      <fieldset className="plain-fieldset checkbox-row">
        <legend>{t('admin.graduation.grades')}</legend>
        {PROFILE_GRADES.map((grade) => (
          <CheckboxField
            key={grade}
            label={gradeName(grade, i18n.language)}
            checked={grades.includes(grade)}
            onChange={(event) => toggle(grade, event.target.checked)}
          />
        ))}
      </fieldset>
      <SelectField
        label={t('admin.graduation.university')}
        placeholder={t('admin.graduation.allUniversities')}
        value={universityId}
        onChange={(event) => setUniversityId(event.target.value)}
      >
        {(universities.data ?? []).map((u) => (
          <option key={u.id} value={u.id}>
            {universityName(u.name, u.nameEn, i18n.language)}
          </option>
        ))}
      </SelectField>
      <p>
        <button
          type="button"
          className="button button-secondary"
          disabled={grades.length === 0}
          onClick={askMark}
        >
          {t('admin.graduation.mark')}
        </button>
      </p>
      <h3>{t('admin.graduation.applicants')}</h3>
      {list && list.markedNotApplied > 0 ? (
        <p className="muted">
          {t('admin.graduation.notApplied', { count: list.markedNotApplied })}
        </p>
      ) : null}
      {list && list.applicants.length === 0 ? <p>{t('admin.graduation.none')}</p> : null}
      {list && list.applicants.length > 0 ? (
        <ul className="graduation-applicants">
          {list.applicants.map((applicant) => (
            <li key={applicant.userId} className="graduation-applicant">
              <p>
                <strong>{applicant.name}</strong>（{applicant.universityName}）
              </p>
              <p className="muted">
                {applicant.email}・{formatDate(applicant.appliedAt)}
              </p>
              <p>
                <span
                  className={
                    applicant.state === 'approved' ? 'badge badge-info' : 'badge badge-muted'
                  }
                >
                  {t(`admin.graduation.states.${applicant.state}`)}
                </span>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
