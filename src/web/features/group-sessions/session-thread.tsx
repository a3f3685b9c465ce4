import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THREAD_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import type { GroupSessionPostView } from '../../../shared/schemas/group-sessions';
import { errorMessage } from '../../api/error-message';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { ErrorNotice } from '../../components/error-notice';
import { formatMessageTime } from '../../lib/meeting-time';
import { ReportDialog } from '../safety';
import { groupSessionThreadQuery, usePostToGroupSession } from './thread-api';

/**
 * A 座談会's thread on its page (PRODUCT.md §7c): its alumna posts to all, the students holding a
 * place ask. A student's question shows to the other students as 「参加者の質問」, never with her
 * name (the server sends none): the attendees never learn who else comes. Contact details are
 * masked out of every post, and the box says so as it is typed, as a visit's thread does. Every
 * post but her own may be reported, a question with a hidden author too (the report names it).
 */
export function SessionThread({ id }: { id: string }) {
  const { t } = useTranslation();
  const thread = useQuery(groupSessionThreadQuery(id));
  const [reporting, setReporting] = useState<GroupSessionPostView | null>(null);
  return (
    <section className="group-session-thread" aria-labelledby="group-session-thread-title">
      <h2 id="group-session-thread-title">{t('groupSessions.thread.title')}</h2>
      <p className="muted">{t('groupSessions.thread.lead')}</p>
      {thread.error ? <ErrorNotice error={thread.error} /> : null}
      {thread.data ? (
        <>
          {thread.data.posts.length === 0 ? (
            <p className="muted">{t('groupSessions.thread.empty')}</p>
          ) : (
            <ol className="group-session-posts" aria-label={t('groupSessions.thread.title')}>
              {thread.data.posts.map((post) => (
                <Post key={post.id} post={post} onReport={() => setReporting(post)} />
              ))}
            </ol>
          )}
          {thread.data.closedReason ? (
            <p className="notice notice-info">
              {t(`groupSessions.thread.closed.${thread.data.closedReason}`)}
            </p>
          ) : thread.data.canPost ? (
            <Composer id={id} />
          ) : null}
        </>
      ) : null}
      {reporting ? (
        // A question whose author is hidden from her is reported by itself: the server finds
        // who wrote it, and she never learns who.
        <ReportDialog
          open
          onClose={() => setReporting(null)}
          userId={reporting.authorId ?? undefined}
          name={reporting.authorName ?? ''}
          title={reporting.authorId ? undefined : t('groupSessions.postReport.title')}
          groupSessionPostId={reporting.id}
        />
      ) : null}
    </section>
  );
}

function Post({ post, onReport }: { post: GroupSessionPostView; onReport: () => void }) {
  const { t } = useTranslation();
  const author = post.mine
    ? t('groupSessions.thread.you')
    : post.side === 'mentor'
      ? t('groupSessions.thread.host', { name: post.authorName ?? '' })
      : (post.authorName ?? t('groupSessions.thread.attendee'));
  return (
    <li className={post.side === 'mentor' ? 'group-session-post host' : 'group-session-post'}>
      <p className="group-session-post-meta">
        <span className="group-session-post-author">{author}</span>{' '}
        <time dateTime={post.createdAt}>{formatMessageTime(post.createdAt)}</time>
      </p>
      <p className="group-session-post-body">{post.body}</p>
      {post.masked ? (
        <p className="group-session-post-masked">{t('groupSessions.thread.maskedNote')}</p>
      ) : null}
      {!post.mine ? (
        <button
          type="button"
          className="button button-link group-session-post-report"
          aria-label={t('groupSessions.thread.reportLabel')}
          onClick={onReport}
        >
          {t('groupSessions.thread.report')}
        </button>
      ) : null}
    </li>
  );
}

function Composer({ id }: { id: string }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [draft, setDraft] = useState('');
  const send = usePostToGroupSession(id);
  const tooLong = draft.length > THREAD_MESSAGE_MAX_LENGTH;
  const blank = draft.trim().length === 0;
  return (
    <form
      className="group-session-composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || tooLong) return;
        send.mutate(draft, { onSuccess: () => setDraft('') });
      }}
    >
      <p className="notice notice-info">{t('groupSessions.thread.maskRule')}</p>
      <label htmlFor={fieldId}>{t('groupSessions.thread.label')}</label>
      <textarea
        id={fieldId}
        className="input group-session-composer-input"
        rows={3}
        value={draft}
        aria-describedby={`${fieldId}-count`}
        aria-invalid={tooLong || undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="group-session-composer-footer">
        <span
          id={`${fieldId}-count`}
          className={tooLong ? 'field-counter field-counter-over' : 'field-counter'}
        >
          {t('groupSessions.thread.count', { count: draft.length, max: THREAD_MESSAGE_MAX_LENGTH })}
        </span>
        <button
          type="submit"
          className="button button-primary"
          disabled={blank || tooLong || send.isPending}
        >
          {send.isPending ? t('groupSessions.thread.sending') : t('groupSessions.thread.send')}
        </button>
      </div>
      <ContactMaskWarning text={draft} message={t('groupSessions.thread.maskPreview')} />
      {send.error ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(t, send.error)}
        </p>
      ) : null}
    </form>
  );
}
