import { Link } from 'react-router';
import type { Subscription } from '../../../../shared/api-types';
import { formatEpochDate } from '../../../../shared/format';
import { FREE_WORDS_PER_MONTH, formatUsd, PRO_ANNUAL_USD, PRO_MONTHLY_USD } from '../../../../shared/plans';
import { billingUiTexts } from '../../../../shared/texts/plans-ui';
import { RetryNotice } from '../../components/RetryNotice';
import { ManageButton } from '../../billing/ManageButton';
import type { ProfileState } from './dashboard-data';
import { currentMonth } from './usage-months';
import { UsageMeter } from './UsageMeter';

const t = billingUiTexts.subscription;

/**
 * The line under the Pro price: a trial's end, a cancelled plan's end (at the period's end, or on a
 * date chosen for it), or the next renewal.
 */
export function periodLine(subscription: Subscription): string | undefined {
  if (subscription.cancelAt && !subscription.cancelAtPeriodEnd) return t.cancelsOn(formatEpochDate(subscription.cancelAt));
  if (!subscription.currentPeriodEnd) return undefined;
  const date = formatEpochDate(subscription.currentPeriodEnd);
  if (subscription.cancelAtPeriodEnd) return t.ends(date);
  if (subscription.status === 'trialing') return t.trialEnds(date);
  return t.renews(date);
}

/** spec §9: the prices as /pricing shows them (formatUsd): $11.00/month, $121.00/year, $0.00. */
function planPrice(pro: boolean, annual: boolean): string {
  if (!pro) return formatUsd(0);
  return formatUsd(annual ? PRO_ANNUAL_USD : PRO_MONTHLY_USD);
}

/**
 * spec §4 subscription card: Pro Plan with its renewal date for a Pro account (the server decides the
 * plan, trials included), otherwise Free Plan at $0 with the month's words; spec §8 its load error. While a just-paid
 * subscription is still on its way from Stripe (`activating`), it says so instead.
 */
export function SubscriptionCard({ state, activating = false, onRetry }: { state: ProfileState; activating?: boolean; onRetry?: () => unknown }) {
  const profile = state.status === 'ready' ? state.profile : undefined;
  const pro = profile?.plan === 'pro';
  const annual = pro && profile.subscription.interval === 'year';
  return (
    <article className="card subscription" aria-labelledby="subscription-title" aria-busy={state.status === 'loading' || activating}>
      <h2 id="subscription-title">{t.title}</h2>
      {state.status === 'loading' ? (
        <p className="muted skeleton">{t.loading}</p>
      ) : activating ? (
        <p className="muted" role="status">
          {t.activating}
        </p>
      ) : state.status === 'error' ? (
        // A way on from the error: read again, and Pro stays on offer (/pricing shows the plan once it loads).
        <>
          <RetryNotice failure={state.failure} failed={t.loadFailed} onRetry={onRetry ?? (() => undefined)} />
          <div className="card-actions">
            <Link to="/pricing" className="btn btn-primary">
              {t.upgrade}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="subscription-plan">
            <strong>{pro ? t.proPlan : t.freePlan}</strong>{' '}
            <span className="subscription-price">
              {planPrice(pro, annual)}
              <span className="muted">{annual ? '/year' : '/month'}</span>
            </span>
          </p>
          <p className="muted">{pro ? periodLine(profile.subscription) : t.freeWords(profile?.wordsPerMonth ?? FREE_WORDS_PER_MONTH)}</p>
          {!pro && (
            <UsageMeter
              used={profile?.thisMonth?.wordsTranscribed ?? 0}
              limit={profile?.wordsPerMonth ?? FREE_WORDS_PER_MONTH}
              month={profile?.thisMonth?.month ?? currentMonth()}
            />
          )}
          <div className="card-actions">
            {pro ? (
              <ManageButton />
            ) : (
              <Link to="/pricing" className="btn btn-primary">
                {t.upgrade}
              </Link>
            )}
          </div>
        </>
      )}
    </article>
  );
}
