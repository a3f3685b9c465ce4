import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import { visitNoteForGroupSessionQuery } from '../visit-notes/api';
import { NoteStateBadge } from '../visit-notes';

/**
 * 訪問記録 about the 座談会 (issue 58 point 4), on its page once it was held: to a student who was
 * seated, 「訪問記録を書く」, or where her note stands and the way to it. The server decides who
 * may write one (not absent, among others): when it refuses, nothing is shown.
 */
export function SessionNoteEntry({ view }: { view: GroupSessionView }) {
  const mayWrite = view.as === 'student' && view.state === 'held' && view.mine.kind === 'seated';
  if (!mayWrite) return null;
  return <NoteEntry id={view.id} />;
}

function NoteEntry({ id }: { id: string }) {
  const { t } = useTranslation();
  // A refusal (recorded 欠席) is an answer, not a failure to try again.
  const found = useQuery({ ...visitNoteForGroupSessionQuery(id), retry: false });
  if (!found.data) return null;
  const note = found.data.note;
  return (
    <section className="group-session-note" aria-labelledby="group-session-note-title">
      <h2 id="group-session-note-title">{t('groupSessions.note.title')}</h2>
      {note ? (
        <p className="group-session-note-state">
          {t('groupSessions.note.written')} <NoteStateBadge note={note} />
        </p>
      ) : (
        <p>{t('groupSessions.note.lead')}</p>
      )}
      <p>
        <Link
          className={note ? 'button button-secondary' : 'button button-primary'}
          to={paths.groupSessionNoteWrite(id)}
        >
          {note ? t('groupSessions.note.open') : t('groupSessions.note.write')}
        </Link>
      </p>
    </section>
  );
}
