import { useNavigate } from 'react-router';
import { useTimeout } from '../hooks/use-timeout';

/** spec §9: redirect delays after sign-in, the auth callback and launch. */
export const SUCCESS_REDIRECT_MS = 1500;
/** spec §9: the 2 s delay after checkout and after errors, long enough to read the message. */
export const NOTICE_REDIRECT_MS = 2000;

/**
 * Goes to `to` after `delayMs` once `to` is set; leaving the page first cancels it. `state` is the
 * router state the next page gets.
 */
export function useDelayedRedirect(to: string | undefined, delayMs = SUCCESS_REDIRECT_MS, state?: unknown) {
  const navigate = useNavigate();
  useTimeout(() => void (to && navigate(to, { replace: true, state })), to ? delayMs : undefined, to);
}

/**
 * A full-page navigation off the single-page app (Stripe's pages, the API's desktop callback). A
 * function of its own so tests can stand in for it: jsdom cannot follow the browser there.
 */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
