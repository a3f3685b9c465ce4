import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_AFTER_MISSING_MS } from '../../shared/constants';
import { paths } from '../../shared/paths';
import { ApiError } from '../api/client';

/** Once `when` holds, goes to `to` after `ms` (profile not found: home after 5 s; saved: back). */
export function useRedirectAfter(when: boolean, to: string, ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => void navigate(to), ms);
    return () => clearTimeout(timer);
  }, [when, to, ms, navigate]);
}

/**
 * An own profile still missing after its retries is "not found", and the
 * page goes home after 5 s. Returns whether that is the case.
 */
export function useHomeWhenMissing(error: unknown): boolean {
  const missing = error instanceof ApiError && error.code === 'not-found';
  useRedirectAfter(missing, paths.home, REDIRECT_AFTER_MISSING_MS);
  return missing;
}
