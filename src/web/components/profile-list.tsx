import type { ReactNode } from 'react';

/** One fact of a profile (or of a visit): its label, then its value. */
export function ProfileRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A profile's facts as label–value rows, the same on every page that shows one; rows shown only
 * when given follow as children.
 */
export function ProfileList({
  rows,
  children,
}: {
  rows: readonly (readonly [label: string, value: ReactNode])[];
  children?: ReactNode;
}) {
  return (
    <dl className="profile-list">
      {rows.map(([label, value]) => (
        <ProfileRow key={label} label={label}>
          {value}
        </ProfileRow>
      ))}
      {children}
    </dl>
  );
}
