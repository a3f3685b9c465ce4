import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitNoteForVisit } from '../../../shared/schemas/visit-notes';
import { errorMessage } from '../../api/error-message';
import { LoadFailedCard } from '../../components/load-failed-card';
import { FormSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import type { NoteAbout } from './api';
import { NoteForm } from './note-form';

/**
 * The page around a note's form, whatever it is about (a visit: note-editor-page.tsx; a 座談会:
 * session-note-editor-page.tsx): the way back, the title, what the note is, the facts she does
 * not write, and the form once her note (or its draft) and her session are read; or why it could
 * not be read (each page says first what it refuses in its own words).
 */
export function NoteEditorFrame({
  about,
  found,
  error,
  title,
  back,
  lead,
  facts,
}: {
  about: NoteAbout;
  found: VisitNoteForVisit | undefined;
  error: Error | null;
  title: string;
  back: ReactNode;
  lead: string;
  facts: (found: VisitNoteForVisit) => ReactNode;
}) {
  const { t } = useTranslation();
  // Whose draft to restore: known before the form opens (the guard has read the session).
  const session = useSession();
  if (error) {
    return (
      <LoadFailedCard
        title={t('visitNotes.editor.title')}
        message={`${t('visitNotes.editor.loadFailed')} ${errorMessage(t, error)}`}
      >
        {back}
      </LoadFailedCard>
    );
  }
  return (
    <section className="card narrow vnote-editor" aria-labelledby="vnote-title">
      {back}
      <h1 id="vnote-title">{title}</h1>
      {!found || session.isPending ? (
        <FormSkeleton fields={5} />
      ) : (
        <>
          <p>{lead}</p>
          {facts(found)}
          {/* One form per visit or 座談会: another's note starts from its own values. */}
          <NoteForm
            key={`${about.kind}:${about.id}`}
            about={about}
            found={found}
            userId={session.data?.user?.id ?? ''}
          />
        </>
      )}
    </section>
  );
}

/** The facts she does not write, term by term, with where they come from. */
export function NoteFactsList({
  title,
  rows,
  hint,
}: {
  title: string;
  rows: readonly (readonly [string, string])[];
  hint: string;
}) {
  return (
    <section className="vnote-facts" aria-labelledby="vnote-facts-title">
      <h2 id="vnote-facts-title" className="visually-hidden">
        {title}
      </h2>
      <dl className="vnote-facts-list">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="field-hint">{hint}</p>
    </section>
  );
}
