import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { NoteFacts, useNoteTitle } from './note-view';
import './note-search.css';

/** One note in the results: enough to choose it (company, facts, its first question). */
export function NoteCard({ note }: { note: VisitNote }) {
  const { t } = useTranslation();
  const title = useNoteTitle(note);
  const [first, ...rest] = note.qa;
  return (
    <article className="ns-card" aria-label={title}>
      <h2 className="ns-card-company">
        <Link to={paths.visitNote(note.id)} state={{ fromSearch: true }}>
          {title}
        </Link>
      </h2>
      <NoteFacts note={note} />
      {first ? (
        <>
          <p className="ns-card-excerpt">
            <span className="note-view-q">{t('noteView.question')}</span>
            {first.question}
          </p>
          {rest.length > 0 ? (
            <p className="ns-card-more">{t('noteSearch.moreQuestions', { count: rest.length })}</p>
          ) : null}
        </>
      ) : (
        <p className="ns-card-excerpt">
          <span className="note-view-q">{t('noteView.adviceTitle')}</span>
          {note.advice}
        </p>
      )}
    </article>
  );
}
