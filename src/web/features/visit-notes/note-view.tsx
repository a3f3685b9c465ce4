import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeName } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { industryName } from '../../../shared/taxonomy-en';
import { industryCategoryOf } from '../../../shared/taxonomy';

/**
 * One 訪問記録 as anyone reads it: the visit's facts, who it is about (her name, or
 * 「{業界}・{入社年}年入社のOG」), the questions with their answers, the advice. The same view on
 * the search, the note's page, the author's own list, the alumna's and the console's.
 */
export function NoteView({ note, headingLevel = 2 }: { note: VisitNote; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const title = useNoteTitle(note);
  const Heading = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h4';
  return (
    <article className="note-view" aria-label={title}>
      <Heading className="note-view-company">{title}</Heading>
      <NoteFacts note={note} />
      {note.qa.length > 0 ? (
        <section className="note-view-section">
          <Sub>{t('noteView.qaTitle')}</Sub>
          <dl className="note-view-qa">
            {note.qa.map((pair, index) => (
              <div key={index} className="note-view-pair">
                <dt>
                  <span className="note-view-q">{t('noteView.question')}</span>
                  {pair.question}
                </dt>
                <dd>
                  <span className="note-view-a">{t('noteView.answer')}</span>
                  {pair.answer || t('noteView.noAnswer')}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {note.advice ? (
        <section className="note-view-section">
          <Sub>{t('noteView.adviceTitle')}</Sub>
          <p className="note-view-advice">{note.advice}</p>
        </section>
      ) : null}
      {note.masked ? <p className="field-hint">{t('noteView.masked')}</p> : null}
    </article>
  );
}

/**
 * The note's title: its company, or, on a note that does not name its alumna and may not tell
 * her company (the server decides), 「{業界}の企業」 or 「企業名は非公開」.
 */
export function useNoteTitle(note: VisitNote): string {
  const { t, i18n } = useTranslation();
  if (note.company !== null) return note.company;
  return note.industry === null
    ? t('noteView.companyWithheldBare')
    : t('noteView.companyWithheld', {
        industry: industryName(industryCategoryOf(note.industry), i18n.language),
      });
}

/** The facts line: industry, job type, the month and 年度 of the visit, the alumna, the author. */
export function NoteFacts({ note }: { note: VisitNote }) {
  const { t, i18n } = useTranslation();
  const [year, month] = note.visitedMonth.split('-').map(Number);
  const when = note.groupSession
    ? t('noteView.groupSessionMonth', { year, month })
    : t('noteView.visited', { year, month });
  return (
    <div className="note-view-facts">
      {note.groupSession ? <GroupSessionLine about={note.groupSession} /> : null}
      {note.industry !== null ? <p>{industryName(note.industry, i18n.language)}</p> : null}
      {note.jobType ? (
        <p>{t('noteView.jobType', { job: t(`profileFields.jobTypes.${note.jobType}`) })}</p>
      ) : null}
      <p>
        {t('noteView.visitedIn', {
          month: when,
          fiscalYear: t('noteView.fiscalYear', { year: note.fiscalYear }),
        })}
      </p>
      <p>
        {/* Her name alone beside the author's would not say who is who; the label says OG itself. */}
        {note.mentor.name !== null ? t('noteView.mentorPrefix') : null}
        <MentorLabel note={note} />
      </p>
      <p className="note-view-author">{authorLine(note, t, i18n.language)}</p>
    </div>
  );
}

/**
 * A note about a 座談会 (issue 58) says so first: its badge, and its title to a reader who may
 * know its alumna (the server sends none otherwise). Never who else sat in it.
 */
function GroupSessionLine({ about }: { about: NonNullable<VisitNote['groupSession']> }) {
  const { t } = useTranslation();
  return (
    <p className="note-view-about">
      <span className="badge badge-info">{t('noteView.groupSession')}</span>
      {about.title !== null ? <span className="note-view-about-title">{about.title}</span> : null}
    </p>
  );
}

/**
 * Who wrote it, as this reader may know her: her name (with her 学年 then), or only her 学年 when
 * she chose not to be named to other students (issue 56), or that she left.
 */
function authorLine(note: VisitNote, t: TFunction, language: string): string {
  const { name, grade } = note.author;
  const year = grade ? gradeName(grade, language) : null;
  if (name === null && !note.authorNamed) {
    return year ? t('noteView.authorUnnamed', { grade: year }) : t('noteView.authorUnnamedBare');
  }
  if (name === null) return t('noteView.authorGone');
  return year
    ? t('noteView.authorWithGrade', { name, grade: year })
    : t('noteView.author', { name });
}

/** Who the note is about, as this viewer may know her; a link to her page when named and listed. */
export function MentorLabel({ note }: { note: VisitNote }) {
  const { t, i18n } = useTranslation();
  const { mentor } = note;
  if (mentor.name !== null) {
    return mentor.urlParam ? (
      <Link to={paths.mentor(mentor.urlParam)}>{mentor.name}</Link>
    ) : (
      <>{mentor.name}</>
    );
  }
  if (mentor.gone && !note.industry) return <>{t('noteView.goneMentor')}</>;
  if (note.industry === null) return <>{t('noteView.unnamedMentorBare')}</>;
  const industry = industryName(industryCategoryOf(note.industry), i18n.language);
  return (
    <>
      {mentor.joinedYear === null
        ? t('noteView.unnamedMentorNoYear', { industry })
        : t('noteView.unnamedMentor', { industry, year: mentor.joinedYear })}
    </>
  );
}
