import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Once `when` holds, goes to `to` after `ms` (profile not found: home after 5 s; saved: back). */
export function useRedirectAfter(when: boolean, to: string, ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => void navigate(to), ms);
    return () => clearTimeout(timer);
  }, [when, to, ms, navigate]);
}
