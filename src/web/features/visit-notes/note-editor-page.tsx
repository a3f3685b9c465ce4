import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitNoteForVisit } from '../../../shared/schemas/visit-notes';
import { industryName } from '../../../shared/taxonomy-en';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { LoadFailedCard } from '../../components/load-failed-card';
import { FormSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { visitNoteForVisitQuery } from './api';
import { NoteForm } from './note-form';
import './visit-notes.css';

/**
 * /visit-requests/{id}/note (students; a graduated alumna her own from her student days): the
 * student's 訪問記録 on one held visit (docs/PRODUCT.md §7a). The visit's facts are fixed; she
 * writes the job type, questions with answers and advice; once saved, she offers it to the
 * seminar, takes it back or deletes it here.
 */
export function NoteEditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const found = useQuery(visitNoteForVisitQuery(id));
  // Whose draft to restore: known before the form opens (the guard has read the session).
  const session = useSession();
  const title = found.data?.note ? t('visitNotes.editor.editTitle') : t('visitNotes.editor.title');
  useDocumentTitle(title);

  if (found.error instanceof ApiError && found.error.code === 'note/not-held') {
    return <NotHeldCard requestId={id} />;
  }
  if (found.error) {
    return (
      <LoadFailedCard
        title={t('visitNotes.editor.title')}
        message={`${t('visitNotes.editor.loadFailed')} ${errorMessage(t, found.error)}`}
      >
        <BackToVisit requestId={id} />
      </LoadFailedCard>
    );
  }
  return (
    <section className="card narrow vnote-editor" aria-labelledby="vnote-title">
      <BackToVisit requestId={id} />
      <h1 id="vnote-title">{title}</h1>
      {found.isPending || session.isPending ? (
        <FormSkeleton fields={5} />
      ) : (
        <>
          <p>{t('visitNotes.editor.lead')}</p>
          <VisitFacts found={found.data} />
          {/* One form per visit: another visit's note starts from its own values. */}
          <NoteForm
            key={id}
            about={{ kind: 'visit', id }}
            found={found.data}
            userId={session.data?.user?.id ?? ''}
          />
        </>
      )}
    </section>
  );
}

function BackToVisit({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  return (
    <Link className="button button-link back-link" to={paths.visitRequest(requestId)}>
      ← {t('visitNotes.editor.backToVisit')}
    </Link>
  );
}

/** 409 note/not-held: the visit did not take place (yet), so there is nothing to write about. */
function NotHeldCard({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="vnote-not-held">
      <h1 id="vnote-not-held">{t('visitNotes.notHeld.title')}</h1>
      <p className="notice notice-info" role="status">
        {t('visitNotes.notHeld.body')}
      </p>
      <p>{t('visitNotes.notHeld.how')}</p>
      <p className="button-row">
        <Link className="button button-primary" to={paths.visitRequest(requestId)}>
          {t('visitNotes.editor.backToVisit')}
        </Link>
        <Link className="button button-secondary" to={paths.myVisitNotes}>
          {t('visitNotes.editor.toMine')}
        </Link>
      </p>
    </section>
  );
}

/**
 * What the student does not write: the company, industry and month come from the visit and the
 * alumna's profile (as the note keeps them once written), and who she met.
 */
function VisitFacts({ found }: { found: VisitNoteForVisit }) {
  const { t, i18n } = useTranslation();
  const facts = found.note ?? found.draft;
  const mentorName = found.note ? found.note.mentor.name : found.draft.mentorName;
  const [year, month] = facts.visitedMonth.split('-').map(Number);
  return (
    <section className="vnote-facts" aria-labelledby="vnote-facts-title">
      <h2 id="vnote-facts-title" className="visually-hidden">
        {t('visitNotes.editor.factsTitle')}
      </h2>
      <dl className="vnote-facts-list">
        <div>
          <dt>{t('visitNotes.editor.company')}</dt>
          <dd>{facts.company}</dd>
        </div>
        <div>
          <dt>{t('visitNotes.editor.industry')}</dt>
          <dd>{industryName(facts.industry ?? '', i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('visitNotes.editor.month')}</dt>
          <dd>{t('visitNotes.editor.monthValue', { year, month })}</dd>
        </div>
        <div>
          <dt>{t('visitNotes.editor.mentor')}</dt>
          <dd>{mentorName ?? t('visitNotes.editor.goneMentor')}</dd>
        </div>
      </dl>
      <p className="field-hint">{t('visitNotes.editor.factsHint')}</p>
    </section>
  );
}
