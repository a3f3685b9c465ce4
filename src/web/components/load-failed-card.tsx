import type { ReactNode } from 'react';

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
