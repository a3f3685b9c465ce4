import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { MyVisitNotes, VisitNote } from '../../../shared/schemas/visit-notes';
import { ErrorNotice } from '../../components/error-notice';
import { ProfileSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMeetingTime } from '../../lib/meeting-time';
import { myVisitNotesQuery } from './api';
import { NoteStateBadge } from './note-state';
import './visit-notes.css';

/**
 * /visit-notes/mine (students; a graduated alumna her notes from her student days): the held
 * visits still without a note, then the notes she wrote with where each stands.
 */
export function MyNotesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('visitNotes.mine.title'));
  const mine = useQuery(myVisitNotesQuery);

  let body;
  if (mine.isPending) body = <ProfileSkeleton rows={4} />;
  else if (mine.error)
    body = <ErrorNotice error={mine.error} prefix={t('visitNotes.mine.loadFailed')} />;
  else body = <MyNotes mine={mine.data} />;

  return (
    <section className="card vnote-mine" aria-labelledby="vnote-mine-title">
      <h1 id="vnote-mine-title">{t('visitNotes.mine.title')}</h1>
      <p>{t('visitNotes.mine.lead')}</p>
      {body}
    </section>
  );
}

function MyNotes({ mine }: { mine: MyVisitNotes }) {
  const { t } = useTranslation();
  return (
    <>
      {mine.unwritten.length > 0 || mine.unwrittenSessions.length > 0 ? (
        <section aria-labelledby="vnote-unwritten-title">
          <h2 id="vnote-unwritten-title">{t('visitNotes.mine.unwrittenTitle')}</h2>
          <p className="muted">{t('visitNotes.mine.unwrittenLead')}</p>
          <ul className="vnote-list">
            {mine.unwritten.map((visit) => (
              <li key={visit.visitRequestId} className="vnote-row">
                <span className="vnote-row-main">
                  <span className="vnote-row-title">
                    {visit.mentorName === null
                      ? t('visitNotes.mine.goneMentor', { company: visit.company })
                      : t('visitNotes.mine.unwrittenWho', {
                          name: visit.mentorName,
                          company: visit.company,
                        })}
                  </span>
                  <span className="muted">{formatMeetingTime(visit.meetingAt)}</span>
                </span>
                <Link
                  className="button button-primary"
                  to={paths.visitNoteWrite(visit.visitRequestId)}
                  aria-label={t('visitNotes.mine.writeFor', {
                    name: visit.mentorName ?? t('visitNotes.editor.goneMentor'),
                  })}
                >
                  {t('visitNotes.mine.write')}
                </Link>
              </li>
            ))}
            {mine.unwrittenSessions.map((session) => (
              <li key={session.groupSessionId} className="vnote-row">
                <span className="vnote-row-main">
                  <span className="vnote-row-head">
                    <span className="badge badge-info">{t('noteView.groupSession')}</span>
                    <span className="vnote-row-title">
                      {t('visitNotes.sessionEditor.unwrittenWho', {
                        name: session.mentorName,
                        title: session.title,
                      })}
                    </span>
                  </span>
                  <span className="muted">{formatMeetingTime(session.startsAt)}</span>
                </span>
                <Link
                  className="button button-primary"
                  to={paths.groupSessionNoteWrite(session.groupSessionId)}
                  aria-label={t('visitNotes.sessionEditor.writeFor', { title: session.title })}
                >
                  {t('visitNotes.mine.write')}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="vnote-notes-title">
        <h2 id="vnote-notes-title">{t('visitNotes.mine.notesTitle')}</h2>
        {mine.items.length > 0 ? (
          <ul className="vnote-list">
            {mine.items.map((note) => (
              <NoteRow key={note.id} note={note} />
            ))}
          </ul>
        ) : (
          <WhatNotesAreFor />
        )}
      </section>
    </>
  );
}

/**
 * One of her notes: to its editor while the visit (or the 座談会) is there, else to the note's
 * own page.
 */
function NoteRow({ note }: { note: VisitNote }) {
  const { t } = useTranslation();
  const [year, month] = note.visitedMonth.split('-').map(Number);
  const to = note.visitRequestId
    ? paths.visitNoteWrite(note.visitRequestId)
    : note.groupSession?.id
      ? paths.groupSessionNoteWrite(note.groupSession.id)
      : paths.visitNote(note.id);
  return (
    <li className="vnote-row">
      <Link to={to} className="vnote-row-link">
        <span className="vnote-row-head">
          <NoteStateBadge note={note} />
          {note.groupSession ? (
            <span className="badge badge-info">{t('noteView.groupSession')}</span>
          ) : null}
          <span className="vnote-row-title">{note.company}</span>
        </span>
        <span className="muted">
          {note.groupSession
            ? t('noteView.groupSessionMonth', { year, month })
            : t('noteView.visited', { year, month })}
          {note.mentor.name ? `・${note.mentor.name}` : ''}
        </span>
      </Link>
    </li>
  );
}

/** The empty state: what a 訪問記録 is for, and how a visit comes to need one. */
function WhatNotesAreFor() {
  const { t } = useTranslation();
  return (
    <div className="vnote-empty">
      <h3>{t('visitNotes.mine.emptyTitle')}</h3>
      <p>{t('visitNotes.mine.empty')}</p>
      <p className="muted">{t('visitNotes.mine.emptyHow')}</p>
      <Link className="button button-secondary" to={paths.visitRequests}>
        {t('visitNotes.mine.toVisits')}
      </Link>
    </div>
  );
}
