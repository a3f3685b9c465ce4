import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { SESSION_ABSOLUTE_LIFETIME_MS, VISIT_DURATION_MINUTES } from '../../shared/constants';
import type { DayDetails } from '../../shared/schemas/day-details';
import type { SessionResponse } from '../../shared/schemas/auth';
import { sessionQuery } from './session';

/**
 * The day's details on this device (docs/PRODUCT.md §14): the signed-in person's upcoming
 * agreed visits and the 相談窓口, read offline. One slot, with whose they are: a device holds
 * one person's at a time, so another account signed in on the same browser never sees them.
 * They go at sign-out (in any tab: the slot is shared), as soon as the site says the session
 * ended (timed out, or ended on another device), and when another person signs in. Offline, the
 * site cannot ask who is signed in: the slot's owner is the last person it saw signed in.
 */
const KEY = 'dayDetails';

interface Kept {
  keptAt: number;
  details: DayDetails;
}

/** A visit stays on the list until an hour after it starts: the visit is under way. */
const VISIT_MS = VISIT_DURATION_MINUTES * 60_000;

function stored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function readKept(): Kept | null {
  try {
    const kept = stored();
    return kept ? (JSON.parse(kept) as Kept) : null;
  } catch {
    // Blocked storage, or words this version cannot read: nothing is kept.
    return null;
  }
}

function write(value: Kept | null) {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // Blocked or full storage: offline, the page says only that it is offline.
  }
  for (const listener of listeners) listener();
}

/** What the device keeps, and when it was last told (the page says how fresh it is). */
export type KeptDayDetails = DayDetails & { keptAt: number };

const listeners = new Set<() => void>();

export const dayDetailsStore = {
  save(details: DayDetails) {
    write({ keptAt: Date.now(), details });
  },
  /**
   * What the device keeps, with the visits that have ended left out; none once a session could
   * no longer be open (30 days at most), whatever the site said last.
   */
  read(now = Date.now()): KeptDayDetails | null {
    const kept = readKept();
    if (!kept || now - kept.keptAt > SESSION_ABSOLUTE_LIFETIME_MS) return null;
    const visits = kept.details.visits.filter(
      (visit) => Date.parse(visit.meetingAt) + VISIT_MS > now,
    );
    return { ...kept.details, visits, keptAt: kept.keptAt };
  },
  /** Whose they are, without reading them. */
  owner(): string | null {
    return readKept()?.details.userId ?? null;
  },
  clear() {
    if (readKept() !== null) write(null);
  },
  /** Told of every change, in this tab and in the others (a sign-out there). */
  subscribe(onChange: () => void): () => void {
    listeners.add(onChange);
    const fromOtherTab = (event: StorageEvent) => {
      if (event.key === KEY || event.key === null) onChange();
    };
    window.addEventListener('storage', fromOtherTab);
    return () => {
      listeners.delete(onChange);
      window.removeEventListener('storage', fromOtherTab);
    };
  },
};

/** Keeps the slot for `session`'s person only: nobody signed in, or someone else, empties it. */
export function keepDayDetailsFor(session: SessionResponse | undefined) {
  if (session === undefined) return;
  const userId = session.user?.id ?? null;
  if (userId === null || dayDetailsStore.owner() !== userId) dayDetailsStore.clear();
}

/**
 * Follows every answer about who is signed in, however it came: fetched (a session that timed
 * out or ended on another device, seen at the first request online), or set by the app (sign-out,
 * a call that found the session expired).
 */
export function followSignedInPerson(queryClient: QueryClient): () => void {
  const check = () =>
    keepDayDetailsFor(queryClient.getQueryData<SessionResponse>(sessionQuery.queryKey));
  check();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === sessionQuery.queryKey[0]) check();
  });
}

/** The day's details kept on this device, as they change (here, or in another tab). */
export function useDayDetails(): KeptDayDetails | null {
  const raw = useSyncExternalStore(dayDetailsStore.subscribe, stored, () => null);
  return useMemo(() => (raw === null ? null : dayDetailsStore.read()), [raw]);
}
