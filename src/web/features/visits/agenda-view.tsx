import { useTranslation } from 'react-i18next';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { ProfileRow } from '../../components/profile-list';

/**
 * 相談したいこと on the request page, for both sides: the topics the student ticked, by their
 * labels, then her questions numbered in her order. Nothing when she gave none.
 */
export function AgendaView({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  if (r.agendaTopics.length === 0 && r.agendaQuestions.length === 0) return null;
  return (
    <ProfileRow label={t('agenda.title')}>
      {r.agendaTopics.length > 0 && (
        <ul className="agenda-topics" aria-label={t('agenda.topics')}>
          {r.agendaTopics.map((topic) => (
            <li key={topic} className="badge badge-info">
              {t(`profileFields.topicLabels.${topic}`)}
            </li>
          ))}
        </ul>
      )}
      {r.agendaQuestions.length > 0 && (
        <ol className="agenda-questions" aria-label={t('agenda.questions')}>
          {r.agendaQuestions.map((question, index) => (
            <li key={index}>
              <span className="agenda-question-number">
                {t('agenda.questionNumber', { n: index + 1 })}
              </span>
              <p className="visit-message">{question}</p>
            </li>
          ))}
        </ol>
      )}
    </ProfileRow>
  );
}
