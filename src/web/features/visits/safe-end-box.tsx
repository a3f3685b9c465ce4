import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { errorMessage } from '../../api/error-message';
import { formatDate } from '../../lib/format';
import { useToast } from '../../components/toast';
import { ReportDialog } from '../safety';
import { useConfirmSafeEnd } from './api';
import { NotePrompt, notePromptPlace } from './note-prompt';
import { personName } from './visit-facts';

/**
 * 「無事に終わりましたか」 (docs/PRODUCT.md §7): once the student was asked, after an in-person
 * visit, a prominent box with one tap to confirm, or 「困ったことがあった」 opening the report about
 * the alumna with the visit attached; once confirmed, a quiet line and, as the tap recorded the
 * visit as held, the prompt for her 訪問記録. Never shown to the alumna.
 */
export function SafeEndBox({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirmSafeEnd(r.id);
  const safeEnd = r.side === 'student' ? r.safeEnd : null;
  if (!safeEnd) return null;
  if (safeEnd.confirmedAt) {
    // The tap also recorded the visit as held: what follows is her 訪問記録, asked here at once.
    return (
      <div className="safe-end-done">
        <p className="muted">
          {t('visits.safeEnd.done', { date: formatDate(safeEnd.confirmedAt) })}
        </p>
        {notePromptPlace(r) === 'safe-end' && <NotePrompt request={r} />}
      </div>
    );
  }
  const mentor = personName(r.mentor, t);

  async function confirmEnded() {
    try {
      await confirm.mutateAsync();
    } catch (error) {
      toast.error(t('visits.safeEnd.failed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <SafeEndAsk
      lead={t('visits.safeEnd.lead', { name: mentor })}
      pending={confirm.isPending}
      onEnded={() => void confirmEnded()}
      reported={r.mentor.userId ? { userId: r.mentor.userId, name: mentor } : null}
      visitRequestId={r.id}
    />
  );
}

/**
 * The ask itself, after a visit or a 座談会 in person: one tap that it ended well, or
 * 「困ったことがあった」 opening the report about the alumna (`reported`; none when she is gone).
 */
export function SafeEndAsk({
  lead,
  pending,
  onEnded,
  reported,
  visitRequestId,
}: {
  lead: string;
  pending: boolean;
  onEnded: () => void;
  reported: { userId: string; name: string } | null;
  visitRequestId?: string;
}) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  return (
    <section className="notice notice-info safe-end-box" aria-labelledby="safe-end-title">
      <h2 id="safe-end-title">{t('visits.safeEnd.title')}</h2>
      <p>{lead}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={pending}
          onClick={onEnded}
        >
          {t('visits.safeEnd.ended')}
        </button>
        {reported && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setReporting(true)}
          >
            {t('visits.safeEnd.trouble')}
          </button>
        )}
      </div>
      <p className="safe-end-note">{t('visits.safeEnd.note')}</p>
      {reported && (
        <ReportDialog
          open={reporting}
          onClose={() => setReporting(false)}
          userId={reported.userId}
          name={reported.name}
          {...(visitRequestId ? { visitRequestId } : {})}
        />
      )}
    </section>
  );
}
