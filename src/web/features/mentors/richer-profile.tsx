import { useTranslation } from 'react-i18next';
import { JOB_TYPES } from '../../../shared/constants';
import type { MentorCard } from '../../../shared/schemas/mentors';
import { ProfileRow } from '../../components/profile-list';

/**
 * The optional profile parts as the detail page and the own profile show them: rows for
 * 職種, 入社年 and 相談できること, each only when given.
 */
export function RicherProfileRows({ mentor }: { mentor: MentorCard }) {
  const { t } = useTranslation();
  return (
    <>
      {mentor.jobType && (
        <ProfileRow label={t('profileFields.jobType')}>
          {t(`profileFields.jobTypes.${mentor.jobType}`)}
        </ProfileRow>
      )}
      {mentor.joinedYear !== null && (
        <ProfileRow label={t('profileFields.joinedYear')}>
          {t('mentorForm.yearOption', { year: mentor.joinedYear })}
        </ProfileRow>
      )}
      {(mentor.topics.length > 0 || mentor.topicsNote) && (
        <ProfileRow label={t('profileFields.topics')}>
          <TopicChips topics={mentor.topics} />
          {mentor.topicsNote && <p className="topics-note">{mentor.topicsNote}</p>}
        </ProfileRow>
      )}
    </>
  );
}

/** The topics as small labels; on a card, the first few and how many more. */
export function TopicChips({
  topics,
  max = topics.length,
}: {
  topics: MentorCard['topics'];
  max?: number;
}) {
  const { t } = useTranslation();
  if (topics.length === 0) return null;
  const hidden = topics.length - max;
  return (
    <ul className="topic-chips" aria-label={t('profileFields.topics')}>
      {topics.slice(0, max).map((topic) => (
        <li key={topic} className="badge badge-info">
          {t(`profileFields.topicLabels.${topic}`)}
        </li>
      ))}
      {hidden > 0 && (
        <li className="badge badge-muted">{t('mentorsList.moreTopics', { count: hidden })}</li>
      )}
    </ul>
  );
}

/** フリガナ under a name, when given. */
export function NameReading({ reading }: { reading: string | null }) {
  if (!reading) return null;
  return <p className="name-reading">{reading}</p>;
}

/** The options of a 職種 select in the profile form (the OG list's filter has its own, FILTER_FIELDS). */
export function JobTypeOptions() {
  const { t } = useTranslation();
  return JOB_TYPES.map((jobType) => (
    <option key={jobType} value={jobType}>
      {t(`profileFields.jobTypes.${jobType}`)}
    </option>
  ));
}
