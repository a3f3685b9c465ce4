import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { NotificationKind } from '../../../shared/constants';
import type { Notification } from '../../../shared/schemas/notifications';
import { formatMessageTime } from '../../lib/meeting-time';
import {
  notificationListQuery,
  unreadCountQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from './api';
import './notifications.css';
import { NOTIFICATION_POLL_INTERVAL_MS } from '../../../shared/constants';

const BELL =
  'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z';

/**
 * The count as the server sends it whenever it changes (GET /api/notifications/stream, one
 * stream per tab; docs/PRODUCT.md §14). True while the stream is open: the count is then not
 * polled. Where there is no stream (refused, a proxy that cuts it, a browser without
 * EventSource), the count is polled as before; the browser connects again by itself after a
 * break, and polling covers the gap.
 */
function useBellStream(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/stream');
    source.addEventListener('unread', (event) => {
      const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
      queryClient.setQueryData(unreadCountQuery.queryKey, { unread });
      // Something changed: the list, if it was read, is read again when next shown.
      void queryClient.invalidateQueries(notificationListQuery);
      setLive(true);
    });
    source.addEventListener('error', () => setLive(false));
    return () => source.close();
  }, [queryClient]);
  return live;
}

/**
 * Once per page for a signed-in person, where this browser holds a push subscription: dropped
 * if it is not theirs (push-api.ts). The code for it loads only where there is one.
 */
function useDropPushOfOthers() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager?.getSubscription())
      .then(async (subscription) => {
        if (subscription) await (await import('./push-api')).dropPushOfOthers(subscription);
      })
      .catch(() => {
        // Checked again on the next page.
      });
  }, []);
}

/**
 * The bell in the header (docs/PRODUCT.md §7): the unread count, kept fresh without a reload,
 * and a panel listing what happened, each entry leading to its page. Opening an entry marks it
 * read; so does opening the request page itself.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const live = useBellStream();
  useDropPushOfOthers();
  const unread =
    useQuery({ ...unreadCountQuery, refetchInterval: live ? false : NOTIFICATION_POLL_INTERVAL_MS })
      .data?.unread ?? 0;
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Escape or a click outside closes the panel; Escape gives focus back to the bell.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="bell" ref={container}>
      <button
        ref={button}
        type="button"
        className="icon-button bell-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d={BELL} fill="currentColor" />
        </svg>
        <span className="visually-hidden">
          {t('notifications.bell')}
          {unread > 0 ? `（${t('notifications.unread', { count: unread })}）` : ''}
        </span>
        {unread > 0 && (
          <span className="bell-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} unread={unread} onClose={() => setOpen(false)} />}
    </div>
  );
}

function NotificationPanel({
  id,
  unread,
  onClose,
}: {
  id: string;
  unread: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useQuery(notificationListQuery);
  const markAll = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();
  const headingId = `${id}-title`;
  const panel = useRef<HTMLElement>(null);
  const { refetch } = list;
  // A new count while open: show what arrived.
  useEffect(() => {
    void refetch();
  }, [unread, refetch]);
  useEffect(() => panel.current?.focus(), []);

  return (
    <section id={id} ref={panel} className="bell-panel" aria-labelledby={headingId} tabIndex={-1}>
      <div className="bell-panel-head">
        <h2 id={headingId}>{t('notifications.title')}</h2>
        <button
          type="button"
          className="button button-link"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAll')}
        </button>
      </div>
      {list.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : list.error ? (
        <p className="notice notice-error" role="alert">
          {t('notifications.loadFailed')}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="muted">{t('notifications.empty')}</p>
      ) : (
        <ul className="bell-list">
          {list.data.items.map((item) => (
            <li key={item.id} className={item.read ? 'bell-item' : 'bell-item bell-item-unread'}>
              <Link
                to={item.link}
                onClick={() => {
                  if (!item.read) markRead.mutate(item.id);
                  onClose();
                }}
              >
                {!item.read && (
                  <span className="visually-hidden">{t('notifications.unreadMark')}：</span>
                )}
                <span className="bell-text">{notificationText(t, item)}</span>
                <time className="bell-time" dateTime={item.createdAt}>
                  {formatMessageTime(item.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button-secondary bell-close" onClick={onClose}>
        {t('notifications.close')}
      </button>
    </section>
  );
}

/** One entry in words: who did what. */
function notificationText(t: TFunction, item: Notification): string {
  const name = item.actorName || t('visits.withdrawnUser');
  return t(KIND_TEXT[item.kind], { name, count: item.count });
}

const KIND_TEXT = {
  requested: 'notifications.kinds.requested',
  booked: 'notifications.kinds.booked',
  accepted: 'notifications.kinds.accepted',
  proposed: 'notifications.kinds.proposed',
  proposalAccepted: 'notifications.kinds.proposalAccepted',
  declined: 'notifications.kinds.declined',
  cancelled: 'notifications.kinds.cancelled',
  cancelledByWithdrawal: 'notifications.kinds.cancelledByWithdrawal',
  meetingDetails: 'notifications.kinds.meetingDetails',
  message: 'notifications.kinds.message',
  unansweredReminder: 'notifications.kinds.unansweredReminder',
  bookingLapsing: 'notifications.kinds.bookingLapsing',
  expired: 'notifications.kinds.expired',
  expiredUnanswered: 'notifications.kinds.expiredUnanswered',
  autoPaused: 'notifications.kinds.autoPaused',
  dayBefore: 'notifications.kinds.dayBefore',
  noShowReported: 'notifications.kinds.noShowReported',
  thanks: 'notifications.kinds.thanks',
  safeEndAsk: 'notifications.kinds.safeEndAsk',
  noteReminder: 'notifications.kinds.noteReminder',
  noteOffered: 'notifications.kinds.noteOffered',
  noteConsented: 'notifications.kinds.noteConsented',
  noteChangesRequested: 'notifications.kinds.noteChangesRequested',
  noteDeclined: 'notifications.kinds.noteDeclined',
  noteHidden: 'notifications.kinds.noteHidden',
  introduced: 'notifications.kinds.introduced',
  introductionOptedIn: 'notifications.kinds.introductionOptedIn',
  groupSessionSeatGiven: 'notifications.kinds.groupSessionSeatGiven',
  groupSessionCancelled: 'notifications.kinds.groupSessionCancelled',
  groupSessionDayBefore: 'notifications.kinds.groupSessionDayBefore',
  groupSessionDayBeforeHost: 'notifications.kinds.groupSessionDayBeforeHost',
  groupSessionPost: 'notifications.kinds.groupSessionPost',
  groupSessionQuestion: 'notifications.kinds.groupSessionQuestion',
  groupSessionCancelledHost: 'notifications.kinds.groupSessionCancelledHost',
  groupSessionPlaceChanged: 'notifications.kinds.groupSessionPlaceChanged',
  groupSessionAbsent: 'notifications.kinds.groupSessionAbsent',
  groupSessionSafeEndAsk: 'notifications.kinds.groupSessionSafeEndAsk',
} as const satisfies Record<NotificationKind, string>;
