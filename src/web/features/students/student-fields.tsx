import type { TFunction } from 'i18next';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GRADES, PROFILE_GRADES } from '../../../shared/constants';
import type { StudentField, studentFieldsSchema } from '../../../shared/schemas/students';
import type { UniversityOption } from '../../../shared/schemas/universities';
import {
  GradeSelectField,
  HalfWidthField,
  SelectField,
  TextField,
} from '../../components/form-fields';
import { ReadingField } from '../../components/reading-field';
import { universityName } from '../../lib/university-name';

type Words = Partial<Record<StudentField, { label: string; placeholder?: string }>>;

interface StudentFieldsPage {
  /** The fields the page asks for, in its order. */
  fields: readonly StudentField[];
  /** Each field's label (and placeholder) in the page's own words. */
  words: (t: TFunction) => Words;
  /** Faculty and department are required at registration, optional once a profile exists. */
  studiesRequired: boolean;
  grades: readonly string[];
}

/**
 * What each page asks of a student's fields: the same fields, each shown one way, in the page's
 * order and words (the profile edit page adds 卒業予定 to the grades).
 */
const PAGES = {
  register: {
    fields: [
      'name',
      'nameReading',
      'studentNumber',
      'universityId',
      'faculty',
      'department',
      'grade',
    ],
    words: (t) => ({
      name: { label: t('register.name'), placeholder: t('register.namePlaceholder') },
      studentNumber: { label: t('register.studentNumber') },
      universityId: {
        label: t('register.university'),
        placeholder: t('register.universityPlaceholder'),
      },
      faculty: { label: t('register.faculty'), placeholder: t('register.facultyPlaceholder') },
      department: {
        label: t('register.department'),
        placeholder: t('register.departmentPlaceholder'),
      },
      grade: { label: t('register.grade'), placeholder: t('register.gradePlaceholder') },
    }),
    studiesRequired: true,
    grades: GRADES,
  },
  // The registration link's review: what a stranger may have typed, corrected by the owner.
  review: {
    fields: ['name', 'nameReading', 'studentNumber', 'faculty', 'department'],
    words: (t) => ({
      name: { label: t('registrationLink.name') },
      studentNumber: { label: t('registrationLink.studentNumber') },
      faculty: { label: t('registrationLink.faculty') },
      department: { label: t('registrationLink.department') },
    }),
    studiesRequired: true,
    grades: GRADES,
  },
  edit: {
    fields: ['name', 'nameReading', 'grade', 'faculty', 'department'],
    words: (t) => ({
      name: { label: t('studentProfileEdit.name') },
      grade: {
        label: t('studentProfileEdit.grade'),
        placeholder: t('studentProfileEdit.gradePlaceholder'),
      },
      faculty: { label: t('studentProfileEdit.faculty') },
      department: { label: t('studentProfileEdit.department') },
    }),
    studiesRequired: false,
    grades: PROFILE_GRADES,
  },
} satisfies Record<string, StudentFieldsPage>;

export type StudentFieldsPageName = keyof typeof PAGES;

/**
 * A student's fields (name, its reading, 学籍番号, university, faculty, department, grade) as
 * registration, its review and the profile edit page ask for them, with their rules from
 * studentFieldsSchema. Inside the page's form (a react-hook-form FormProvider), whose schema
 * says what each field accepts; the university list is needed only where the university is asked.
 */
export function StudentFields({
  page,
  universities = [],
}: {
  page: StudentFieldsPageName;
  universities?: readonly UniversityOption[];
}) {
  const { t, i18n } = useTranslation();
  const form = useFormContext<z.input<typeof studentFieldsSchema>>();
  const { errors } = useFormState({ control: form.control });
  const { fields, words, studiesRequired, grades }: StudentFieldsPage = PAGES[page];
  const said = words(t);

  return fields.map((field) => {
    const label = said[field]?.label ?? '';
    const placeholder = said[field]?.placeholder;
    const errorKey = errors[field]?.message;
    switch (field) {
      case 'name':
        return (
          <TextField
            key={field}
            label={label}
            placeholder={placeholder}
            autoComplete="name"
            required
            errorKey={errorKey}
            {...form.register(field)}
          />
        );
      case 'nameReading':
        return <ReadingField key={field} errorKey={errorKey} {...form.register(field)} />;
      case 'studentNumber':
        return (
          <HalfWidthField
            key={field}
            label={label}
            autoComplete="off"
            required
            errorKey={errorKey}
            {...form.register(field)}
          />
        );
      case 'universityId':
        return (
          <SelectField
            key={field}
            label={label}
            placeholder={placeholder}
            required
            errorKey={errorKey}
            {...form.register(field)}
          >
            {universities.map((u) => (
              <option key={u.id} value={u.id}>
                {universityName(u.name, u.nameEn, i18n.language)}
              </option>
            ))}
          </SelectField>
        );
      case 'faculty':
      case 'department':
        return (
          <TextField
            key={field}
            label={label}
            placeholder={placeholder}
            required={studiesRequired}
            errorKey={errorKey}
            {...form.register(field)}
          />
        );
      case 'grade':
        return (
          <GradeSelectField
            key={field}
            label={label}
            placeholder={placeholder ?? ''}
            grades={grades}
            errorKey={errorKey}
            {...form.register(field)}
          />
        );
    }
  });
}
