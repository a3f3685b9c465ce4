import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThreadMessage } from '../../../shared/schemas/threads';
import { ErrorNotice } from '../../components/error-notice';
import { formatMessageTime } from '../../lib/meeting-time';
import { ReportDialog } from '../safety';
import { threadQuery, useMarkThreadRead } from './api';
import { MessageText } from './message-text';
import { ThreadAgenda, type ThreadAgendaItems } from './thread-agenda';
import {
  ThreadComposer,
  useUnsentMessages,
  type ComposerHandle,
  type Unsent,
} from './thread-composer';

export interface VisitThreadProps {
  requestId: string;
  side: 'student' | 'mentor';
  /** The other side as the page names them, and their id for a report (null once withdrawn). */
  otherName: string;
  otherUserId: string | null;
  /** 相談したいこと, shown above the messages; absent or empty, nothing. */
  agenda?: ThreadAgendaItems;
}

/**
 * The thread of a visit request (docs/PRODUCT.md §7): the request's agenda, the two sides'
 * messages, oldest first, with the ones the reader had not read marked, and the box to write in
 * while it is open (which a question of the agenda can start).
 */
export function VisitThread({ requestId, side, otherName, otherUserId, agenda }: VisitThreadProps) {
  const { t } = useTranslation();
  const thread = useQuery(threadQuery(requestId));
  const unsent = useUnsentMessages(requestId);
  const composer = useRef<ComposerHandle>(null);
  // Where "unread" began when the page opened: marks stay while the reader is here.
  const [readAtOnOpen, setReadAtOnOpen] = useState<string | null | undefined>(undefined);
  if (thread.data && readAtOnOpen === undefined) setReadAtOnOpen(thread.data.readAt);
  useMarkRead(requestId, thread.data?.messages, thread.data?.readAt ?? null);
  const [reporting, setReporting] = useState<ThreadMessage | null>(null);

  const messages = thread.data?.messages ?? [];
  const confirmed = new Set(messages.map((m) => m.clientId));
  const pending = unsent.items.filter((item) => !confirmed.has(item.clientId));
  const firstUnread = messages.find(
    (m) => !m.mine && (!readAtOnOpen || m.createdAt > readAtOnOpen),
  )?.id;

  return (
    <section className="thread" aria-labelledby="thread-title">
      <h2 id="thread-title">{t('thread.title')}</h2>
      {thread.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : thread.error && !thread.data ? (
        <div>
          <ErrorNotice error={thread.error} prefix={t('thread.loadFailed')} />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void thread.refetch()}
          >
            {t('thread.retryLoad')}
          </button>
        </div>
      ) : (
        <>
          {agenda && (
            <ThreadAgenda
              agenda={agenda}
              onQuote={
                thread.data.closedReason ? undefined : (line) => composer.current?.startWith(line)
              }
            />
          )}
          <MessageList
            messages={messages}
            pending={pending}
            firstUnread={firstUnread}
            otherName={otherName}
            closed={thread.data.closedReason !== null}
            onReport={otherUserId ? setReporting : undefined}
            onRetry={unsent.retry}
            onDiscard={unsent.discard}
          />
          {thread.data.closedReason ? (
            <p className="notice notice-info thread-closed">
              {t(`thread.closed.${thread.data.closedReason}`)}
            </p>
          ) : (
            <ThreadComposer
              ref={composer}
              requestId={requestId}
              side={side}
              masksContacts={thread.data.masksContacts}
              unsent={unsent}
            />
          )}
        </>
      )}
      {reporting && otherUserId && (
        <ReportDialog
          open
          onClose={() => setReporting(null)}
          userId={otherUserId}
          name={otherName}
          visitRequestId={requestId}
          messageId={reporting.id}
        />
      )}
    </section>
  );
}

interface MessageListProps {
  messages: ThreadMessage[];
  pending: Unsent[];
  firstUnread: string | undefined;
  otherName: string;
  /** Nothing can be posted any more: the empty thread is not an invitation to write. */
  closed: boolean;
  onReport: ((message: ThreadMessage) => void) | undefined;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

function MessageList(props: MessageListProps) {
  const { t } = useTranslation();
  const { messages, pending, firstUnread, otherName } = props;
  const list = useRef<HTMLOListElement>(null);
  const count = messages.length + pending.length;
  // Newest at the bottom: a new message scrolls the list (not the page) down to it.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  if (count === 0) {
    return (
      <p className="muted thread-empty">
        {props.closed ? t('thread.emptyClosed') : t('thread.empty')}
      </p>
    );
  }
  return (
    <ol
      className="thread-messages"
      ref={list}
      aria-live="polite"
      tabIndex={0}
      aria-label={t('thread.title')}
    >
      {messages.map((message) => (
        <li
          key={message.id}
          className={[
            'thread-message',
            message.mine ? 'mine' : '',
            message.kind === 'thanks' ? 'thread-message-thanks' : '',
          ]
            .filter(Boolean)
            .join(' ')}
        >
          {message.id === firstUnread && (
            <p className="thread-unread-divider">
              <span>{t('thread.unreadDivider')}</span>
            </p>
          )}
          <div className="thread-bubble">
            <p className="thread-meta">
              <span className="thread-sender">{message.mine ? t('thread.you') : otherName}</span>{' '}
              {message.kind === 'thanks' && (
                <span className="badge badge-success">{t('thread.thanks')}</span>
              )}{' '}
              <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
            </p>
            <p className="thread-body">
              <MessageText text={message.body} />
            </p>
            {message.masked && <p className="thread-masked">{t('thread.maskedNote')}</p>}
            {!message.mine && props.onReport && (
              <button
                type="button"
                className="button button-link thread-report"
                aria-label={t('thread.reportLabel')}
                onClick={() => props.onReport?.(message)}
              >
                {t('thread.report')}
              </button>
            )}
          </div>
        </li>
      ))}
      {pending.map((item) => (
        <li key={item.clientId} className="thread-message mine">
          <div
            className={item.failed ? 'thread-bubble thread-failed' : 'thread-bubble thread-sending'}
          >
            <p className="thread-meta">
              <span className="thread-sender">{t('thread.you')}</span>{' '}
              <span>{item.failed ? t('thread.failed') : t('thread.sending')}</span>
            </p>
            <p className="thread-body">{item.body}</p>
            {item.failed && (
              <div className="thread-failed-actions" role="alert">
                {item.error && <p className="thread-error">{item.error}</p>}
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => props.onRetry(item.clientId)}
                >
                  {t('thread.retry')}
                </button>
                <button
                  type="button"
                  className="button button-link"
                  onClick={() => props.onDiscard(item.clientId)}
                >
                  {t('thread.discard')}
                </button>
              </div>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * Marks the thread read while it is on screen: when it first shows (which also marks the
 * request's notifications read), when the other side's messages are newer than the caller's
 * mark, and when the tab is shown again. The server moves the mark only when something new
 * was read; a message left unread THREAD_READING_SECONDS is mailed about, and the thread,
 * asked again every THREAD_POLL_INTERVAL_MS, shows it well before.
 */
function useMarkRead(
  requestId: string,
  messages: ThreadMessage[] | undefined,
  readAt: string | null,
) {
  const { mutate } = useMarkThreadRead(requestId);
  const loaded = messages !== undefined;
  const unread = messages?.some((m) => !m.mine && (!readAt || m.createdAt > readAt)) ?? false;
  useEffect(() => {
    if (!loaded) return;
    const markIfShown = () => {
      if (document.visibilityState === 'visible') mutate();
    };
    markIfShown();
    document.addEventListener('visibilitychange', markIfShown);
    return () => document.removeEventListener('visibilitychange', markIfShown);
  }, [loaded, unread, mutate]);
}
