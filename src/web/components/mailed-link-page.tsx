import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../api/error-message';
import { useDocumentTitle } from '../lib/document-title';
import { useSession } from '../lib/session';

/** The request a mailed link's button sends with the link's token, as a mutation holds it. */
export interface MailedLinkAction<Result> {
  mutate: (token: string) => void;
  data: Result | undefined;
  error: unknown;
  isPending: boolean;
}

/**
 * The page of a link mailed to confirm something (an address, an application): ?token=… acts
 * only when its button is pressed, so a mail scanner opening the link changes nothing. It opens
 * with or without a session (the mailbox may be read on another device).
 */
export function MailedLinkPage<Result>({
  title,
  noToken,
  lead,
  action,
  label,
  pendingLabel,
  tone = 'primary',
  done,
  next,
}: {
  title: string;
  /** Said when the link carries no token. */
  noToken: string;
  /** What pressing the button does, said before it is pressed. */
  lead: string;
  action: MailedLinkAction<Result>;
  label: string;
  pendingLabel: string;
  /** 'danger' for what takes something back (undoing an address change). */
  tone?: 'primary' | 'danger';
  /** What was done, announced once the request has succeeded. */
  done: (result: Result) => string;
  /** Where to go next (a link), or nothing, depending on whether the person is signed in. */
  next: (signedIn: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = Boolean(useSession().data?.user);
  useDocumentTitle(title);

  let body;
  if (!token) {
    body = (
      <p className="notice notice-error" role="alert">
        {noToken}
      </p>
    );
  } else if (action.data) {
    const link = next(signedIn);
    body = (
      <>
        <p className="notice notice-success" role="status">
          {done(action.data)}
        </p>
        {link ? <p>{link}</p> : null}
      </>
    );
  } else {
    body = (
      <>
        <p>{lead}</p>
        {action.error ? (
          <p className="notice notice-error" role="alert">
            {errorMessage(t, action.error)}
          </p>
        ) : null}
        <button
          type="button"
          className={tone === 'danger' ? 'button button-danger' : 'button button-primary'}
          disabled={action.isPending}
          aria-busy={action.isPending || undefined}
          onClick={() => action.mutate(token)}
        >
          {action.isPending ? pendingLabel : label}
        </button>
      </>
    );
  }
  return (
    <section className="card stack">
      <h1>{title}</h1>
      {body}
    </section>
  );
}
