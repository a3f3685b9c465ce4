import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MentorTopic } from '../../../shared/constants';
import { isWideScreen } from '../../lib/screen';

/** A request's agenda (相談したいこと), as the thread shows it. */
export interface ThreadAgendaItems {
  topics: readonly MentorTopic[];
  questions: readonly string[];
}

/** 「【質問2】…」: the question quoted on one line, for the start of a message. */
function quoteLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * 相談したいこと, compact, above the thread's messages: the topics on a line and the numbered
 * questions, each with 「この質問について書く」 while the thread is open (`onQuote`), which starts
 * a message with the question quoted. Nothing when the student gave no agenda.
 */
export function ThreadAgenda({
  agenda,
  onQuote,
}: {
  agenda: ThreadAgendaItems;
  onQuote: ((line: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  // Wide screens show the agenda open; on a phone it starts folded, above the messages.
  const [open, setOpen] = useState(isWideScreen);
  const { topics, questions } = agenda;
  if (topics.length === 0 && questions.length === 0) return null;
  return (
    <details
      className="thread-agenda"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <span className="thread-agenda-title">{t('agenda.title')}</span>
        {questions.length > 0 && (
          <span className="muted"> {t('agenda.questionsCount', { count: questions.length })}</span>
        )}
      </summary>
      {topics.length > 0 && (
        <p className="thread-agenda-topics">
          {t('agenda.topicsLabel')}：
          {topics.map((topic) => t(`profileFields.topicLabels.${topic}`)).join('、')}
        </p>
      )}
      {questions.length > 0 && (
        <ol className="thread-agenda-questions" aria-label={t('agenda.questions')}>
          {questions.map((question, index) => {
            const n = index + 1;
            return (
              <li key={index}>
                <p id={`${id}-q${n}`} className="thread-agenda-question">
                  <span className="thread-agenda-number">{t('agenda.questionNumber', { n })}</span>{' '}
                  {question}
                </p>
                {onQuote && (
                  <button
                    type="button"
                    className="button button-link thread-agenda-quote"
                    aria-describedby={`${id}-q${n}`}
                    onClick={() =>
                      onQuote(t('agenda.quoteText', { n, question: quoteLine(question) }))
                    }
                  >
                    {t('agenda.quote')}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
