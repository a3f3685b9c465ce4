import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { MentorCard } from '../../../shared/schemas/mentors';
import { AvailabilityBadge, LastActive } from './availability';
import { MentorAvatar } from '../../components/mentor-avatar';
import { TopicChips } from './richer-profile';
import { universityName } from '../../lib/university-name';
import { industryName } from '../../../shared/taxonomy-en';
import { formatSlotStart } from '../../lib/meeting-time';
import { CompanyLink } from '../../components/company-link';

/** Topics a card shows before 「ほか N 件」: enough to scan, not a second message. */
const CARD_TOPICS = 3;

/**
 * One alumna on the OG list: a link to her page with what a student scans for, and under it the
 * way to her company's page (a link of its own: links do not nest). Kept as it is when the list
 * around it re-renders (favourites arriving, a page more): twenty cards at once held a slow
 * phone for tens of milliseconds. On the company's own page the company link is left out;
 * `note` is a line above her name (why she is recommended, 「あなたへのおすすめ」).
 */
export const MentorCardView = memo(function MentorCardView({
  mentor,
  favourite,
  companyLink = true,
  note,
}: {
  mentor: MentorCard;
  favourite: boolean;
  companyLink?: boolean;
  note?: ReactNode;
}) {
  return (
    <div className="mentor-card-frame">
      <MentorCardLink mentor={mentor} favourite={favourite} note={note} />
      {companyLink ? (
        <CompanyLink className="mentor-card-company-link" company={mentor.company} as="short" />
      ) : null}
    </div>
  );
});

function MentorCardLink({
  mentor,
  favourite,
  note,
}: {
  mentor: MentorCard;
  favourite: boolean;
  note: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Link className="mentor-card" to={paths.mentor(mentor.urlParam)} state={{ fromList: true }}>
      <MentorAvatar name={mentor.name} iconUrl={mentor.iconUrl} size={64} />
      <div className="mentor-card-body">
        {note}
        <h2 className="mentor-card-name">{mentor.name}</h2>
        <p className="mentor-card-meta">
          {universityName(mentor.universityName, mentor.universityNameEn, i18n.language)}・
          {t('mentorsList.graduated', { year: mentor.graduationYear })}
          {mentor.joinedYear !== null &&
            `・${t('mentorsList.joined', { year: mentor.joinedYear })}`}
        </p>
        <p className="mentor-card-company">
          {mentor.company}
          {mentor.jobType && (
            <span className="mentor-card-job">
              ・{t(`profileFields.jobTypes.${mentor.jobType}`)}
            </span>
          )}
        </p>
        <p className="mentor-card-meta">{industryName(mentor.industry, i18n.language)}</p>
        <TopicChips topics={mentor.topics} max={CARD_TOPICS} />
        <p className="mentor-card-status">
          {favourite ? (
            <span className="favourite-marker" role="img" aria-label={t('browse.favouriteMarker')}>
              ★
            </span>
          ) : null}
          <AvailabilityBadge accepting={mentor.accepting} />
          <LastActive lastActive={mentor.lastActive} className="mentor-card-meta" />
        </p>
        {mentor.earliestSlot ? (
          <p className="mentor-card-slot">
            {t('bookSlot.list.earliest', { time: formatSlotStart(mentor.earliestSlot) })}
          </p>
        ) : null}
        <p className="mentor-card-message">{mentor.message}</p>
      </div>
    </Link>
  );
}
