import { useQuery } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { THREAD_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { errorMessage } from '../../api/error-message';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { threadDrafts, type UnsentMessage } from '../../lib/browser-storage';
import { hasKeyboardShortcuts } from '../../lib/screen';
import { replyTemplatesQuery, useSendThreadMessage } from './api';

/** A message on its way: sending, or failed and waiting for the writer to retry or discard. */
export interface Unsent extends UnsentMessage {
  failed: boolean;
  error?: string | undefined;
}

/** A random id for a message; the server stores a message sent twice with it once. */
function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The messages of this tab not yet confirmed, kept in session storage so a reload loses none.
 * Shown at once (optimistic); a failed one waits with 「再送信」. Those found after a reload are
 * sent again: the server stores each clientId once, so one that did arrive is not doubled.
 */
export function useUnsentMessages(requestId: string) {
  const { t } = useTranslation();
  const { mutateAsync: sendMessage } = useSendThreadMessage(requestId);
  // Those left from before a reload show as on their way: they are sent again below.
  const [items, setItems] = useState<Unsent[]>(() =>
    threadDrafts.unsent(requestId).map((item) => ({ ...item, failed: false })),
  );

  const update = useCallback(
    (change: (items: Unsent[]) => Unsent[]) =>
      setItems((current) => {
        const next = change(current);
        threadDrafts.setUnsent(
          requestId,
          next.map(({ clientId, body }) => ({ clientId, body })),
        );
        return next;
      }),
    [requestId],
  );

  /** Sends one message; only its answer changes the list (after the network, never at once). */
  const transmit = useCallback(
    (item: UnsentMessage) => {
      // mutateAsync: every call settles its own promise (mutate's callbacks follow only the
      // latest call, and two messages may be on their way at once).
      sendMessage(item)
        .then(() => update((current) => current.filter((i) => i.clientId !== item.clientId)))
        .catch((error: unknown) =>
          update((current) =>
            current.map((i) =>
              i.clientId === item.clientId
                ? { ...i, failed: true, error: errorMessage(t, error) }
                : i,
            ),
          ),
        );
    },
    [sendMessage, update, t],
  );

  const deliver = (item: UnsentMessage) => {
    update((current) => [
      ...current.filter((i) => i.clientId !== item.clientId),
      { ...item, failed: false },
    ]);
    transmit(item);
  };

  const resent = useRef(false);
  useEffect(() => {
    if (resent.current) return;
    resent.current = true;
    for (const item of threadDrafts.unsent(requestId)) transmit(item);
  }, [requestId, transmit]);

  return {
    items,
    post: (body: string) => deliver({ clientId: newClientId(), body }),
    retry: (clientId: string) => {
      const item = items.find((i) => i.clientId === clientId);
      if (item) deliver(item);
    },
    discard: (clientId: string) =>
      update((current) => current.filter((i) => i.clientId !== clientId)),
  };
}

export type UnsentMessages = ReturnType<typeof useUnsentMessages>;

/** What the thread asks of its box from outside it (the agenda's 「この質問について書く」). */
export interface ComposerHandle {
  /**
   * Starts the message with `line` (a quoted question) and puts the cursor under it, for the
   * writer to continue; what was already written stays after it, and the same line is not put
   * twice.
   */
  startWith: (line: string) => void;
}

interface ThreadComposerProps {
  requestId: string;
  side: 'student' | 'mentor';
  masksContacts: boolean;
  unsent: UnsentMessages;
  ref?: Ref<ComposerHandle>;
}

/** The box to write in: Ctrl/⌘+Enter sends; the draft survives a reload. */
export function ThreadComposer({
  requestId,
  side,
  masksContacts,
  unsent,
  ref,
}: ThreadComposerProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // Read once: a touch screen is not told of Ctrl+Enter (it still sends with a keyboard).
  const [shortcut] = useState(hasKeyboardShortcuts);
  const [draft, setDraftState] = useState(() => threadDrafts.draft(requestId));
  const setDraft = (text: string) => {
    setDraftState(text);
    threadDrafts.setDraft(requestId, text);
  };
  // Where the cursor goes once the box shows a draft changed from outside.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caret.current;
    if (at === null || !field.current) return;
    caret.current = null;
    field.current.focus();
    field.current.setSelectionRange(at, at);
  }, [draft]);
  useImperativeHandle(ref, () => ({
    startWith: (line) => {
      const rest = draft.startsWith(line) ? draft.slice(line.length).replace(/^\n/, '') : draft;
      caret.current = line.length + 1;
      setDraft(`${line}\n${rest}`);
    },
  }));
  const tooLong = draft.length > THREAD_MESSAGE_MAX_LENGTH;
  const blank = draft.trim().length === 0;

  function submit() {
    if (blank || tooLong) return;
    unsent.post(draft);
    setDraft('');
  }

  return (
    <form
      className="thread-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {masksContacts && <p className="notice notice-info thread-rule">{t('thread.maskRule')}</p>}
      {side === 'mentor' && (
        <TemplatePicker onPick={(body) => setDraft(draft ? `${draft}\n${body}` : body)} />
      )}
      <label htmlFor={fieldId} className="visually-hidden">
        {t('thread.label')}
      </label>
      <textarea
        ref={field}
        id={fieldId}
        className="input thread-input"
        rows={3}
        value={draft}
        placeholder={shortcut ? t('thread.placeholder') : t('thread.placeholderTouch')}
        aria-describedby={`${fieldId}-count`}
        aria-invalid={tooLong || undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          // Not while an input method is still converting (日本語入力の変換中).
          if (event.nativeEvent.isComposing) return;
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <div className="thread-composer-footer">
        <span
          id={`${fieldId}-count`}
          className={tooLong ? 'field-counter field-counter-over' : 'field-counter'}
        >
          {t('thread.count', { count: draft.length, max: THREAD_MESSAGE_MAX_LENGTH })}
        </span>
        <button type="submit" className="button button-primary" disabled={blank || tooLong}>
          {t('thread.send')}
        </button>
      </div>
      {masksContacts && <ContactMaskWarning text={draft} message={t('thread.maskPreview')} />}
    </form>
  );
}

/** よくある返信: the alumnus picks one and its text goes into the box. */
function TemplatePicker({ onPick }: { onPick: (body: string) => void }) {
  const { t } = useTranslation();
  const templates = useQuery(replyTemplatesQuery);
  const list = templates.data?.templates ?? [];
  return (
    <div className="thread-templates">
      {list.length > 0 && (
        <select
          className="input"
          aria-label={t('thread.templates')}
          value=""
          onChange={(event) => {
            const picked = list[Number(event.target.value)];
            if (picked) onPick(picked.body);
          }}
        >
          <option value="">{t('thread.templatesPlaceholder')}</option>
          {list.map((template, index) => (
            <option key={`${index}-${template.title}`} value={index}>
              {template.title}
            </option>
          ))}
        </select>
      )}
      <Link to={`${paths.profile}#reply-templates`} className="thread-templates-edit">
        {t('thread.templatesEdit')}
      </Link>
    </div>
  );
}
