import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitNoteForVisit } from '../../../shared/schemas/visit-notes';
import { industryName } from '../../../shared/taxonomy-en';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../lib/document-title';
import { visitNoteForVisitQuery } from './api';
import { NoteEditorFrame, NoteFactsList } from './note-editor-frame';
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
  const title = found.data?.note ? t('visitNotes.editor.editTitle') : t('visitNotes.editor.title');
  useDocumentTitle(title);

  if (found.error instanceof ApiError && found.error.code === 'note/not-held') {
    return <NotHeldCard requestId={id} />;
  }
  return (
    <NoteEditorFrame
      about={{ kind: 'visit', id }}
      found={found.data}
      error={found.error}
      title={title}
      back={<BackToVisit requestId={id} />}
      lead={t('visitNotes.editor.lead')}
      facts={(data) => <VisitFacts found={data} />}
    />
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
    <NoteFactsList
      title={t('visitNotes.editor.factsTitle')}
      rows={[
        [t('visitNotes.editor.company'), facts.company ?? ''],
        [t('visitNotes.editor.industry'), industryName(facts.industry ?? '', i18n.language)],
        [t('visitNotes.editor.month'), t('visitNotes.editor.monthValue', { year, month })],
        [t('visitNotes.editor.mentor'), mentorName ?? t('visitNotes.editor.goneMentor')],
      ]}
      hint={t('visitNotes.editor.factsHint')}
    />
  );
}
