import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { Role } from '../../../shared/roles';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { ApiError } from '../../api/client';
import { LoadFailedCard } from '../../components/load-failed-card';
import { ProfileSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { visitNoteQuery } from './api';
import { NoteView } from './note-view';
import { CompanyLink } from '../../components/company-link';
import './visit-notes.css';
import './note-search.css';

/**
 * /visit-notes/:id: one 訪問記録 in full, for whoever the server lets read it (its author, the
 * alumna it was offered to, students and admins once shared); anyone else is told it is not
 * there. A student is offered the way to ask the named alumna for a visit.
 */
export function NotePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const note = useQuery(visitNoteQuery(id));
  const role = useSession().data?.user?.role;
  useDocumentTitle(note.data?.company ?? t('noteSearch.note.title'));

  if (note.isPending) return <ProfileSkeleton />;
  if (note.error) {
    const notFound = note.error instanceof ApiError && note.error.status === 404;
    return (
      <LoadFailedCard
        title={t('noteSearch.note.title')}
        message={notFound ? t('noteSearch.note.notFound') : t('noteSearch.note.failed')}
      >
        <BackLink role={role} mine={false} />
      </LoadFailedCard>
    );
  }
  const shown = note.data;
  return (
    <section className="card ns-note">
      <BackLink role={role} mine={shown.mine} />
      <h1 className="ns-note-title">{t('noteSearch.note.title')}</h1>
      {shown.hidden ? (
        <p className="notice notice-warning">
          {t('noteSearch.note.hidden', { reason: shown.hidden.reason })}
        </p>
      ) : null}
      <NoteView note={shown} />
      {shown.company !== null ? (
        <p className="ns-note-company">
          <CompanyLink company={shown.company} />
        </p>
      ) : null}
      <NoteActions note={shown} role={role} />
    </section>
  );
}

/** Her own note: where to edit it. A student reading about a listed alumna: ask her for a visit. */
function NoteActions({ note, role }: { note: VisitNote; role: Role | undefined }) {
  const { t } = useTranslation();
  const editFrom = note.mine ? note.visitRequestId : null;
  const mentorPage = role === 'student' ? note.mentor.urlParam : null;
  if (editFrom === null && mentorPage === null) return null;
  return (
    <div className="ns-note-actions">
      {mentorPage !== null ? (
        <div className="ns-note-request">
          <p>{t('noteSearch.note.requestVisitLead')}</p>
          <Link className="button button-primary" to={paths.mentor(mentorPage)}>
            {t('noteSearch.note.requestVisit')}
          </Link>
        </div>
      ) : null}
      {editFrom !== null ? (
        <p>
          <Link className="button button-secondary" to={paths.visitNoteWrite(editFrom)}>
            {t('noteSearch.note.edit')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Back to where the reader came from: the results as they were (filters and scroll) when she
 * came from them, else her own notes, the notes about her (an alumna), or the search (students
 * and admins; anyone else home).
 */
function BackLink({ role, mine }: { role: Role | undefined; mine: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromSearch = (useLocation().state as { fromSearch?: boolean } | null)?.fromSearch === true;
  if (fromSearch) {
    return (
      <button
        type="button"
        className="button button-link back-link"
        onClick={() => void navigate(-1)}
      >
        ← {t('noteSearch.note.backToResults')}
      </button>
    );
  }
  const [to, label] = mine
    ? [paths.myVisitNotes, t('noteSearch.note.backToMine')]
    : role === 'mentor'
      ? [paths.mentorVisitNotes, t('noteSearch.note.backToAboutMe')]
      : role === 'student' || role === 'admin'
        ? [paths.visitNotes, t('noteSearch.note.backToSearch')]
        : [paths.home, t('app.backHome')];
  return (
    <Link className="button button-link back-link" to={to}>
      ← {label}
    </Link>
  );
}
