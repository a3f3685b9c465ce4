import type { ReactNode } from 'react';
import { useHomeWhenMissing } from '../lib/use-redirect-after';

/**
 * A page whose data could not be read: its heading, what went wrong (announced), and what the
 * page offers instead (a way back). Every page says it the same way.
 */
export function LoadFailedCard({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <section className="card">
      <h1>{title}</h1>
      <p className="notice notice-error" role="alert">
        {message}
      </p>
      {children}
    </section>
  );
}

/**
 * The own profile's page when the profile could not be read: "not found" once its retries are
 * spent (and home after 5 s), otherwise that it could not be loaded.
 */
export function ProfileLoadFailedCard({
  title,
  error,
  notFound,
  loadFailed,
}: {
  title: string;
  error: unknown;
  notFound: string;
  loadFailed: string;
}) {
  const missing = useHomeWhenMissing(error);
  return <LoadFailedCard title={title} message={missing ? notFound : loadFailed} />;
}
