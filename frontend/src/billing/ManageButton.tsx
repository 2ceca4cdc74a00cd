import { useState } from 'react';
import { billingUiTexts } from '../../../shared/texts/plans-ui';
import { getManageSubscriptionUrl } from '../api/billing';
import { leaveSite, NOTICE_REDIRECT_MS, useDelayedRedirect } from '../auth/redirect';
import { FocusedAlert } from '../components/FocusedAlert';
import { usePageRestored } from '../hooks/use-page-restored';

const t = billingUiTexts.subscription;

/**
 * "Manage subscription": Stripe's customer portal (GET /api/manage-subscription), from the dashboard's
 * subscription card and /account's Billing; spec §8: a failure says so, then /pricing after 2 s.
 */
export function ManageButton() {
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');
  // spec §8: after the failure message, /pricing after 2 s.
  useDelayedRedirect(state === 'failed' ? '/pricing' : undefined, NOTICE_REDIRECT_MS);
  // Back from Stripe's portal the browser may restore the page as it left it, the button still opening.
  usePageRestored(() => setState((now) => (now === 'opening' ? 'idle' : now)));
  const open = async () => {
    setState('opening');
    try {
      const { url } = await getManageSubscriptionUrl();
      if (!url) throw new Error('No portal URL in the answer');
      leaveSite(url);
    } catch (error) {
      console.error('Could not open subscription management', error);
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={open} disabled={state !== 'idle'} aria-busy={state === 'opening' || undefined}>
        {t.manage}
      </button>
      {state === 'failed' && <FocusedAlert className="form-alert">{t.manageFailed}</FocusedAlert>}
    </>
  );
}
