import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** spec §9: redirect delays after sign-in, the auth callback and launch. */
export const SUCCESS_REDIRECT_MS = 1500;
/** spec §9: the 2 s delay after checkout and after errors, long enough to read the message. */
export const NOTICE_REDIRECT_MS = 2000;

/** Goes to `to` after `delayMs` once `when` holds; leaving the page first cancels it. */
export function useDelayedRedirect(to: string | undefined, delayMs = SUCCESS_REDIRECT_MS) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [to, delayMs, navigate]);
}
