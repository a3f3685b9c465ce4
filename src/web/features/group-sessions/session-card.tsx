import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeName, JAPAN_TIME_ZONE, type MentorTopic } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { GroupSessionCard } from '../../../shared/schemas/group-sessions';
import { MentorAvatar } from '../../components/mentor-avatar';
import { i18n } from '../../i18n';
import { lazyDateFormat } from '../../lib/lazy-date-format';
import { formatMeetingTime } from '../../lib/meeting-time';
import { universityName } from '../../lib/university-name';
import './group-sessions.css';

/** Topics a card shows before 「ほか N 件」, as the OG list's cards. */
const CARD_TOPICS = 3;

/** What it covers, as small labels (the words of her profile's 相談できること). */
export function TopicChips({
  topics,
  max = topics.length,
}: {
  topics: readonly string[];
  max?: number;
}) {
  const { t } = useTranslation();
  if (topics.length === 0) return null;
  const hidden = topics.length - max;
  return (
    <ul className="group-session-topics" aria-label={t('groupSessions.page.topics')}>
      {topics.slice(0, max).map((topic) => (
        <li key={topic} className="badge badge-info">
          {t(`profileFields.topicLabels.${topic as MentorTopic}`)}
        </li>
      ))}
      {hidden > 0 && (
        <li className="badge badge-muted">{t('mentorsList.moreTopics', { count: hidden })}</li>
      )}
    </ul>
  );
}

/** The end's time of day as the start's is said (24 h in Japanese, 7:00 PM in English). */
const END_TIME = lazyDateFormat({ timeZone: JAPAN_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** When it is: 「12月10日(木) 18:00〜19:00（日本時間）」. */
export function sessionTime(t: TFunction, card: Pick<GroupSessionCard, 'startsAt' | 'endsAt'>) {
  return t('groupSessions.card.time', {
    start: formatMeetingTime(card.startsAt),
    end: END_TIME(i18n.language).format(new Date(card.endsAt)),
  });
}

/** Online, or in person with the kind of place (the words only on its page, to those seated). */
export function sessionFormat(
  t: TFunction,
  card: Pick<GroupSessionCard, 'meetingFormat' | 'placeKind'>,
) {
  if (card.meetingFormat === 'online') return t('groupSessions.card.online');
  return card.placeKind
    ? t('groupSessions.card.inPerson', { place: t(`groupSessions.placeKinds.${card.placeKind}`) })
    : t('visits.formats.in_person');
}

/** Where it stands for sign-up: 「残り3席」, 「満席（キャンセル待ちできます）」, closed, held, cancelled. */
export function SeatsBadge({ card }: { card: Pick<GroupSessionCard, 'state' | 'seatsLeft'> }) {
  const { t } = useTranslation();
  switch (card.state) {
    case 'open':
      return (
        <span className="badge badge-success">
          {t('groupSessions.card.seatsLeft', { count: card.seatsLeft })}
        </span>
      );
    case 'full':
      return <span className="badge badge-info">{t('groupSessions.card.full')}</span>;
    default:
      return <span className="badge badge-muted">{t(`groupSessions.card.${card.state}`)}</span>;
  }
}

/** The reader's own place: 「参加予定」 or 「キャンセル待ち 2番目」 (nothing when she holds none). */
export function PlaceBadge({ mine }: { mine: GroupSessionCard['mine'] }) {
  const { t } = useTranslation();
  if (mine.kind === 'seated') {
    return <span className="badge group-session-mine">{t('groupSessions.card.seated')}</span>;
  }
  if (mine.kind === 'waiting') {
    return (
      <span className="badge group-session-mine">
        {t('groupSessions.card.waiting', { position: mine.position })}
      </span>
    );
  }
  return null;
}

/** Who may join, when not every student: the years or the university. */
export function audienceText(t: TFunction, language: string, card: GroupSessionCard) {
  const audience = card.audience;
  if (audience.kind === 'grades') {
    return t('groupSessions.card.audienceGrades', {
      grades: audience.grades.map((grade) => gradeName(grade, language)).join(' / '),
    });
  }
  if (audience.kind === 'university') {
    return t('groupSessions.card.audienceUniversity', {
      university: universityName(audience.universityName, audience.universityNameEn, language),
    });
  }
  return null;
}

/** One 座談会 in a list: its title links to its page. */
export function GroupSessionCardView({
  card,
  showMentor = true,
}: {
  card: GroupSessionCard;
  /** On her own page the alumna is said already. */
  showMentor?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const audience = audienceText(t, i18n.language, card);
  return (
    <article className="group-session-card">
      <h3 className="group-session-card-title">
        <Link to={paths.groupSession(card.id)}>{card.title}</Link>
      </h3>
      {showMentor ? (
        <p className="group-session-card-mentor">
          <MentorAvatar name={card.mentor.name} iconUrl={card.mentor.iconUrl} size={32} />
          <span>
            {card.mentor.name}
            <span className="muted"> · {card.mentor.company}</span>
          </span>
        </p>
      ) : null}
      <p className="group-session-card-time">{sessionTime(t, card)}</p>
      <p className="muted">
        {sessionFormat(t, card)}
        {audience ? ` · ${audience}` : null}
      </p>
      <TopicChips topics={card.topics} max={CARD_TOPICS} />
      <p className="group-session-card-badges">
        <SeatsBadge card={card} />
        <PlaceBadge mine={card.mine} />
      </p>
    </article>
  );
}

/** Cards in a grid (one column on a phone, two on a wide screen). */
export function GroupSessionCards({
  cards,
  showMentor = true,
}: {
  cards: readonly GroupSessionCard[];
  showMentor?: boolean;
}) {
  return (
    <ul className="group-session-list">
      {cards.map((card) => (
        <li key={card.id}>
          <GroupSessionCardView card={card} showMentor={showMentor} />
        </li>
      ))}
    </ul>
  );
}
