import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { LoadFailedCard } from '../../components/load-failed-card';
import { RowsSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { mentorVisitNotesQuery } from './api';
import { NoteView } from './note-view';
import { OfferedNote } from './offered-note';
import { SharedNote } from './shared-note';
import './visit-notes.css';

const WHY = [
  'noteConsent.why.nextCohort',
  'noteConsent.why.yourName',
  'noteConsent.why.contact',
  'noteConsent.why.withdraw',
] as const;

function BackToProfile() {
  const { t } = useTranslation();
  return (
    <Link className="button button-link back-link" to={paths.mentorProfile}>
      ← {t('noteConsent.back')}
    </Link>
  );
}

/**
 * /mentor-profile/visit-notes (alumni): the notes students offered about visits with her. Those
 * waiting for her answer first, then the shared ones, then the rest, quieter. Above them, her
 * year's count and why students keep notes, so that consenting is an informed choice.
 */
export function MentorNotesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('noteConsent.title'));
  const notes = useQuery(mentorVisitNotesQuery);

  if (notes.error) {
    return (
      <LoadFailedCard title={t('noteConsent.title')} message={t('noteConsent.loadFailed')}>
        <BackToProfile />
      </LoadFailedCard>
    );
  }
  return (
    <div className="stack mnotes-page">
      <section className="card">
        <BackToProfile />
        <h1>{t('noteConsent.title')}</h1>
        {notes.data ? (
          <div className="mnotes-count">
            <p className="mnotes-count-line">
              {t('noteConsent.yearCount', { count: notes.data.lastYearCount })}
            </p>
            <p className="field-hint">{t('noteConsent.yearCountNote')}</p>
          </div>
        ) : null}
        <section className="mnotes-why" aria-labelledby="mnotes-why-title">
          <h2 id="mnotes-why-title">{t('noteConsent.whyTitle')}</h2>
          <ul>
            {WHY.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </section>
      </section>
      {notes.isPending ? (
        <section className="card">
          <RowsSkeleton rows={3} />
        </section>
      ) : (
        <NoteGroups items={notes.data.items} />
      )}
    </div>
  );
}

function NoteGroups({ items }: { items: VisitNote[] }) {
  const { t } = useTranslation();
  const waiting = items.filter((note) => note.sharing === 'offered');
  const shared = items.filter((note) => note.sharing === 'shared');
  const others = items.filter((note) => note.sharing !== 'offered' && note.sharing !== 'shared');

  if (items.length === 0) {
    return (
      <section className="card">
        <p className="muted">{t('noteConsent.empty')}</p>
      </section>
    );
  }
  return (
    <>
      {waiting.length > 0 ? (
        <section className="card mnotes-group" aria-labelledby="mnotes-waiting">
          <h2 id="mnotes-waiting">{t('noteConsent.waitingTitle')}</h2>
          <p>{t('noteConsent.waitingLead')}</p>
          <ul className="mnotes-list">
            {waiting.map((note) => (
              <OfferedNote key={note.id} note={note} />
            ))}
          </ul>
        </section>
      ) : null}
      {shared.length > 0 ? (
        <section className="card mnotes-group" aria-labelledby="mnotes-shared">
          <h2 id="mnotes-shared">{t('noteConsent.sharedTitle')}</h2>
          <p>{t('noteConsent.sharedLead')}</p>
          <ul className="mnotes-list">
            {shared.map((note) => (
              <SharedNote key={note.id} note={note} />
            ))}
          </ul>
        </section>
      ) : null}
      {others.length > 0 ? (
        <section className="card mnotes-group" aria-labelledby="mnotes-others">
          <h2 id="mnotes-others">{t('noteConsent.othersTitle')}</h2>
          <ul className="mnotes-others">
            {others.map((note) => (
              <OtherNote key={note.id} note={note} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A note she has answered (or the student took back): its state, her comment, the note folded. */
function OtherNote({ note }: { note: VisitNote }) {
  const { t } = useTranslation();
  const state = note.sharing === 'offered' || note.sharing === 'shared' ? null : note.sharing;
  const [year, month] = note.visitedMonth.split('-').map(Number);
  return (
    <li className="mnotes-other">
      <p className="mnotes-other-head">
        <span className="mnotes-other-title">{note.company}</span>
        <span className="muted">{t('noteView.visited', { year, month })}</span>
        {state ? (
          <span className="badge badge-muted">{t(`noteConsent.state.${state}`)}</span>
        ) : null}
      </p>
      {note.sharing === 'changes_requested' && note.mentorComment ? (
        <div className="mnotes-comment">
          <p className="mnotes-comment-label">{t('noteConsent.yourComment')}</p>
          <p className="mnotes-comment-text">{note.mentorComment}</p>
        </div>
      ) : null}
      <details className="mnotes-details">
        <summary>{t('noteConsent.readNote')}</summary>
        <NoteView note={note} headingLevel={3} />
      </details>
    </li>
  );
}
