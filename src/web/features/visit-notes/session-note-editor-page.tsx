import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitNoteForGroupSession } from '../../../shared/schemas/visit-notes';
import { industryName } from '../../../shared/taxonomy-en';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { visitNoteForGroupSessionQuery } from './api';
import { NoteEditorFrame, NoteFactsList } from './note-editor-frame';
import './visit-notes.css';

/** Why she may not write about this 座談会: said as the server says it, with the way back. */
const REFUSALS = new Set(['note/session-not-held', 'note/not-seated', 'note/absent']);

/**
 * /group-sessions/{id}/note (a student seated in a held 座談会, not recorded 欠席; issue 58): her
 * 訪問記録 about it, the same note and form as a visit's (NoteForm), with the 座談会's facts.
 */
export function GroupSessionNoteEditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const found = useQuery(visitNoteForGroupSessionQuery(id));
  const title = found.data?.note ? t('visitNotes.editor.editTitle') : t('visitNotes.editor.title');
  useDocumentTitle(title);

  if (found.error instanceof ApiError && REFUSALS.has(found.error.code)) {
    return (
      <section className="card narrow" aria-labelledby="vnote-cannot">
        <h1 id="vnote-cannot">{t('visitNotes.sessionEditor.cannotTitle')}</h1>
        <p className="notice notice-info" role="status">
          {errorMessage(t, found.error)}
        </p>
        <p className="button-row">
          <Link className="button button-primary" to={paths.groupSession(id)}>
            {t('visitNotes.sessionEditor.backToSession')}
          </Link>
          <Link className="button button-secondary" to={paths.myVisitNotes}>
            {t('visitNotes.editor.toMine')}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <NoteEditorFrame
      about={{ kind: 'groupSession', id }}
      found={found.data}
      error={found.error}
      title={title}
      back={<BackToSession id={id} />}
      lead={t('visitNotes.sessionEditor.lead')}
      facts={() => (found.data ? <SessionFacts found={found.data} /> : null)}
    />
  );
}

function BackToSession({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Link className="button button-link back-link" to={paths.groupSession(id)}>
      ← {t('visitNotes.sessionEditor.backToSession')}
    </Link>
  );
}

/** What she does not write: the 座談会, its company, industry and month, and its alumna. */
function SessionFacts({ found }: { found: VisitNoteForGroupSession }) {
  const { t, i18n } = useTranslation();
  const facts = found.note ?? found.draft;
  const mentorName = found.note ? found.note.mentor.name : found.draft.mentorName;
  const [year, month] = facts.visitedMonth.split('-').map(Number);
  const rows: [string, string][] = [
    [t('visitNotes.sessionEditor.session'), found.groupSession.title],
    [t('visitNotes.editor.company'), facts.company ?? ''],
    [t('visitNotes.editor.industry'), industryName(facts.industry ?? '', i18n.language)],
    [t('visitNotes.sessionEditor.month'), t('visitNotes.editor.monthValue', { year, month })],
    [t('visitNotes.editor.mentor'), mentorName ?? t('visitNotes.editor.goneMentor')],
  ];
  return (
    <NoteFactsList
      title={t('visitNotes.sessionEditor.factsTitle')}
      rows={rows}
      hint={t('visitNotes.sessionEditor.factsHint')}
    />
  );
}
