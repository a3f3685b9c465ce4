import { useId, useState } from 'react';
import {
  useController,
  useFieldArray,
  useWatch,
  type FieldErrors,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AGENDA_QUESTION_MAX_LENGTH,
  AGENDA_QUESTIONS_MAX,
  MENTOR_TOPICS,
  type MentorTopic,
} from '../../../shared/constants';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { multiLineText } from '../../../shared/schemas/common';
import { RowListFoot, TextAreaField } from '../../components/form-fields';
import { isWideScreen } from '../../lib/screen';

/**
 * The agenda of a request (issue 37, point 5): which of her 相談できること the student wants to
 * talk about, and up to five questions, with examples for common topics to start from. Both the
 * booking form and the request with three times ask it; the API takes agendaTopics and
 * agendaQuestions (shared/schemas/visit-requests.ts).
 */

/** A question as a field array keeps it. */
export type AgendaRow = { value: string };
export type WithAgenda = { agendaTopics: MentorTopic[]; agendaQuestions: AgendaRow[] };

/** The agenda's fields of a form, checked as the API checks them; blank questions are dropped. */
export const agendaFormFields = {
  agendaTopics: z.array(z.enum(MENTOR_TOPICS)),
  agendaQuestions: z
    .array(
      z.object({
        value: multiLineText()
          .trim()
          .max(AGENDA_QUESTION_MAX_LENGTH, VALIDATION.agendaQuestionTooLong),
      }),
    )
    .max(AGENDA_QUESTIONS_MAX, VALIDATION.agendaQuestionsTooMany)
    .transform((rows) => rows.map((row) => row.value).filter((question) => question !== '')),
};

/** A form's agenda before anything is chosen: one empty question to invite the first. */
export function emptyAgenda(): WithAgenda {
  return { agendaTopics: [], agendaQuestions: [{ value: '' }] };
}

/**
 * The form's field for a field the API named: its question `n` counts the questions written, so
 * it is the n-th row that is not blank.
 */
export function agendaFieldOf(field: string, rows: readonly AgendaRow[]): string | undefined {
  if (field.startsWith('agendaTopics')) return 'agendaTopics';
  const question = /^agendaQuestions(?:\.(\d+))?$/.exec(field);
  if (!question) return undefined;
  if (question[1] === undefined) return 'agendaQuestions.root';
  const written = rows.flatMap((row, i) => (row.value.trim() === '' ? [] : [i]));
  return `agendaQuestions.${written[Number(question[1])] ?? 0}.value`;
}

/** The common topics with examples, and the examples of each (bookSlot.agenda.templateQuestions). */
export const AGENDA_TEMPLATES = ['industry', 'es', 'interview', 'career'] as const;
type AgendaTemplate = (typeof AGENDA_TEMPLATES)[number];
const TEMPLATE_QUESTIONS = ['q1', 'q2', 'q3'] as const;

export function AgendaFields<Form extends WithAgenda, Values>({
  form,
  mentorName,
  topics,
}: {
  form: UseFormReturn<Form, unknown, Values>;
  mentorName: string;
  /** Her 相談できること: the topics the student may choose. */
  topics: readonly MentorTopic[];
}) {
  const { t } = useTranslation();
  // Every such form has the agenda under these names; the generic paths cannot see them.
  const agendaForm = form as unknown as UseFormReturn<WithAgenda>;
  const questions = useFieldArray({ control: agendaForm.control, name: 'agendaQuestions' });
  const written = useWatch({ control: agendaForm.control, name: 'agendaQuestions' }) ?? [];
  const errors = agendaForm.formState.errors as FieldErrors<WithAgenda>;
  const [news, setNews] = useState('');
  const [templatesOpen] = useState(isWideScreen);
  const legendId = useId();

  /**
   * The examples go into empty questions, then into new ones up to five: what she wrote is
   * never replaced, and an example already there is not added twice.
   */
  function applyTemplate(template: AgendaTemplate) {
    const rows = agendaForm.getValues('agendaQuestions');
    const present = new Set(rows.map((row) => row.value.trim()));
    const examples = TEMPLATE_QUESTIONS.map((q) =>
      t(`bookSlot.agenda.templateQuestions.${template}.${q}`),
    ).filter((example) => !present.has(example));
    if (examples.length === 0) {
      setNews(t('bookSlot.agenda.alreadyThere'));
      return;
    }
    const empty = rows.flatMap((row, i) => (row.value.trim() === '' ? [i] : []));
    const room = empty.length + AGENDA_QUESTIONS_MAX - rows.length;
    if (room === 0) {
      setNews(t('bookSlot.agenda.full'));
      return;
    }
    const adding = examples.slice(0, room);
    const intoEmpty = adding.slice(0, empty.length);
    intoEmpty.forEach((example, i) =>
      agendaForm.setValue(`agendaQuestions.${empty[i]!}.value`, example, { shouldDirty: true }),
    );
    const appended = adding.slice(intoEmpty.length);
    if (appended.length > 0) {
      questions.append(
        appended.map((value) => ({ value })),
        { shouldFocus: false },
      );
    }
    setNews(
      adding.length < examples.length
        ? t('bookSlot.agenda.addedSome', { count: adding.length })
        : t('bookSlot.agenda.added', { count: adding.length }),
    );
  }

  const listError = errors.agendaQuestions?.root?.message ?? errors.agendaQuestions?.message;
  return (
    <fieldset className="field agenda-fields" aria-labelledby={legendId}>
      <legend id={legendId}>{t('bookSlot.agenda.legend', { title: t('agenda.title') })}</legend>
      <p className="field-hint">{t('bookSlot.agenda.lead', { name: mentorName })}</p>
      {topics.length > 0 ? (
        <AgendaTopics form={agendaForm} topics={topics} name={mentorName} />
      ) : null}
      <fieldset className="agenda-questions">
        <legend>{t('agenda.questions')}</legend>
        <p className="field-hint">{t('bookSlot.agenda.questionsHint')}</p>
        {/* Folded on a phone (issue 56: a shorter form), open on a wider screen. */}
        <details className="agenda-templates" open={templatesOpen}>
          <summary className="agenda-templates-title">{t('bookSlot.agenda.templates')}</summary>
          <p className="field-hint">{t('bookSlot.agenda.templatesHint')}</p>
          <div className="button-row">
            {AGENDA_TEMPLATES.map((template) => {
              const name = t(`bookSlot.agenda.templateNames.${template}`);
              return (
                <button
                  key={template}
                  type="button"
                  className="button button-secondary agenda-template"
                  aria-label={t('bookSlot.agenda.templateAria', { topic: name })}
                  onClick={() => applyTemplate(template)}
                >
                  {name}
                </button>
              );
            })}
          </div>
          <p className="field-hint agenda-news" aria-live="polite">
            {news}
          </p>
        </details>
        {questions.fields.map((row, i) => {
          const length = written[i]?.value.length ?? 0;
          return (
            <div key={row.id} className="agenda-question">
              <TextAreaField
                label={t('agenda.questionNumber', { n: i + 1 })}
                rows={2}
                errorKey={errors.agendaQuestions?.[i]?.value?.message}
                counter={t('visits.request.counter', {
                  count: length,
                  max: AGENDA_QUESTION_MAX_LENGTH,
                })}
                counterOver={length > AGENDA_QUESTION_MAX_LENGTH}
                {...agendaForm.register(`agendaQuestions.${i}.value`)}
              />
              <button
                type="button"
                className="button button-link"
                onClick={() => questions.remove(i)}
              >
                {t('bookSlot.agenda.remove', { n: i + 1 })}
              </button>
            </div>
          );
        })}
        <RowListFoot
          canAdd={questions.fields.length < AGENDA_QUESTIONS_MAX}
          addLabel={t('bookSlot.agenda.add')}
          onAdd={() => questions.append({ value: '' })}
          errorKey={listError}
        />
      </fieldset>
    </fieldset>
  );
}

/** Her 相談できること as checkboxes, kept in her order whatever order they are ticked in. */
function AgendaTopics({
  form,
  topics,
  name,
}: {
  form: UseFormReturn<WithAgenda>;
  topics: readonly MentorTopic[];
  name: string;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'agendaTopics' });
  const chosen = new Set(field.value);
  const toggle = (topic: MentorTopic, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(topic);
    else next.delete(topic);
    field.onChange(MENTOR_TOPICS.filter((each) => next.has(each)));
  };
  return (
    <fieldset className="checkbox-group agenda-topics">
      <legend>{t('agenda.topics')}</legend>
      <p className="field-hint">{t('bookSlot.agenda.topicsHint', { name })}</p>
      <div className="agenda-topic-grid">
        {topics.map((topic) => (
          <label key={topic} className="checkbox-option">
            <input
              type="checkbox"
              checked={chosen.has(topic)}
              onChange={(event) => toggle(topic, event.target.checked)}
              onBlur={field.onBlur}
            />
            {t(`profileFields.topicLabels.${topic}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
