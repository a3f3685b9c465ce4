import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { gradeRolloversQuery, useUndoGradeRollover } from './api';
import type { ConfirmRequest } from '../../components/confirm-dialog';

/**
 * The April grade rollover on /admin/users (docs/PRODUCT.md §4): when it last ran and how many
 * students it moved up, and the undo of that last one (after a confirmation).
 */
export function GradeRolloverCard({ ask }: { ask: (request: ConfirmRequest) => void }) {
  const { t } = useTranslation();
  const rollovers = useQuery(gradeRolloversQuery);
  const undo = useUndoGradeRollover();
  const latest = rollovers.data?.rollovers[0];

  function askUndo() {
    if (!latest) return;
    ask({
      title: t('admin.rollover.undoTitle'),
      body: (
        <p>{t('admin.rollover.undoBody', { year: latest.schoolYear, count: latest.students })}</p>
      ),
      confirmLabel: t('admin.rollover.undoConfirm'),
      pendingLabel: t('admin.rollover.undoing'),
      run: async () => {
        await undo.mutateAsync(latest.id);
        return t('admin.rollover.undone', { year: latest.schoolYear });
      },
    });
  }

  return (
    <section className="card" aria-labelledby="admin-rollover">
      <h2 id="admin-rollover">{t('admin.rollover.title')}</h2>
      <p className="muted">{t('admin.rollover.lead')}</p>
      {latest ? (
        <p>
          {t('admin.rollover.last', {
            year: latest.schoolYear,
            date: formatDate(latest.createdAt),
            count: latest.students,
          })}{' '}
          {latest.undoneAt ? (
            <span className="badge badge-muted">{t('admin.rollover.wasUndone')}</span>
          ) : (
            <button type="button" className="button button-secondary" onClick={askUndo}>
              {t('admin.rollover.undo')}
            </button>
          )}
        </p>
      ) : rollovers.isSuccess ? (
        <p>{t('admin.rollover.none')}</p>
      ) : null}
    </section>
  );
}
