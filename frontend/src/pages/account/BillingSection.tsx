import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { BillingOverview, BillingSubscription } from '../../../../shared/api-types';
import { formatLocalDate } from '../../../../shared/format';
import { formatUsd, PRO_ANNUAL_USD, PRO_MONTHLY_USD } from '../../../../shared/plans';
import { readBilling, switchBillingInterval } from '../../api/billing';
import { accountFailure } from '../../api/account';
import { readFailure, type ReadFailure } from '../../api/unreachable';
import { ManageButton } from '../../billing/ManageButton';
import { FocusedAlert } from '../../components/FocusedAlert';
import { FormAlert, RetryNotice } from '../../components/RetryNotice';
import type { Deferred } from '../../hooks/use-settled';
import { billingSectionTexts as t } from './billing-texts';
import { Result } from './Result';
import { sectionRead, useSectionRead, type SectionRead } from './section-read';

const other = (interval: 'month' | 'year') => (interval === 'year' ? 'month' : 'year');

/** The plan's facts: the plan and price, the trial and what follows it, the next charge or the end, the card. */
function PlanFacts({ billing, subscription }: { billing: BillingOverview; subscription: BillingSubscription }) {
  const { nextCharge, trialEnd, endsAt } = subscription;
  const card = billing.paymentMethod;
  return (
    <dl className="account-facts">
      <div>
        <dt>{t.planLabel}</dt>
        <dd>{t.pro(subscription.interval, subscription.amount, subscription.currency)}</dd>
      </div>
      {trialEnd && (
        <div>
          <dt>{t.trialLabel}</dt>
          <dd>
            {nextCharge ? t.trialThen(formatLocalDate(trialEnd), nextCharge.amount, nextCharge.currency, subscription.interval) : t.trialEnds(formatLocalDate(trialEnd))}
            {!card && <span className="account-fact-note">{t.trialAddCard}</span>}
          </dd>
        </div>
      )}
      {!trialEnd && nextCharge && (
        <div>
          <dt>{t.nextChargeLabel}</dt>
          <dd>
            {t.nextCharge(nextCharge.amount, nextCharge.currency, formatLocalDate(nextCharge.at))}
            {nextCharge.amount < subscription.amount && <span className="account-fact-note">{t.creditNote}</span>}
          </dd>
        </div>
      )}
      {!trialEnd && endsAt && (
        <div>
          <dt>{t.endsLabel}</dt>
          <dd>{t.ends(formatLocalDate(endsAt))}</dd>
        </div>
      )}
      <div>
        <dt>{t.paymentLabel}</dt>
        <dd>{card ? t.card(card.brand, card.last4, card.expMonth, card.expYear) : t.noCard}</dd>
      </div>
    </dl>
  );
}

/**
 * Monthly <-> annual: a quiet button, then the question saying what it costs (Stripe prorates it), then
 * the switch. One press is one request id, kept across its Retry, so the plan changes once however often
 * it is sent (the API's idempotency key, docs/account-api.md#billing).
 */
function IntervalSwitch({ subscription, onSwitched }: { subscription: BillingSubscription; onSwitched: (billing: BillingOverview, message: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ away?: ReadFailure; message?: string; attempt: number }>();
  const press = useRef<string>(undefined);
  const form = useRef<HTMLFormElement>(null);
  const to = other(subscription.interval);
  const price = formatUsd(to === 'year' ? PRO_ANNUAL_USD : PRO_MONTHLY_USD);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    press.current ??= crypto.randomUUID();
    setBusy(true);
    setFailure(undefined);
    try {
      const switched = await switchBillingInterval({ interval: to, requestId: press.current });
      press.current = undefined;
      setAsking(false);
      onSwitched(switched.billing, switched.message);
    } catch (error) {
      const away = readFailure(error);
      setFailure((f) => ({ ...(away.kind === 'unreachable' ? { away } : { message: accountFailure(error, t.switchFailed).message }), attempt: (f?.attempt ?? 0) + 1 }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="billing-switch">
      <h3>{t.switchTitle}</h3>
      {to === 'year' && <p className="muted">{t.annualSaves}</p>}
      {!asking ? (
        <div className="account-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(true)}>
            {t.switchTo(to)}
          </button>
        </div>
      ) : (
        <form ref={form} className="account-confirm" aria-label={t.switchTo(to)} onSubmit={send}>
          {failure?.message && (
            <FocusedAlert key={failure.attempt} className="form-alert">
              {failure.message}
            </FocusedAlert>
          )}
          <FormAlert away={failure?.away} failed={t.switchFailed} form={form} />
          <p>{t.switchQuestion(to, subscription.status === 'trialing', price)}</p>
          <div className="account-actions">
            <button type="submit" className="btn btn-ghost" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t.switching : t.switchConfirm}
            </button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setAsking(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function Invoices({ billing }: { billing: BillingOverview }) {
  return (
    <div className="billing-invoices">
      <h3 id="invoices-title">{t.invoicesTitle}</h3>
      {billing.invoices.length === 0 ? (
        <p className="muted">{t.noInvoices}</p>
      ) : (
        <ul className="removable-list" aria-labelledby="invoices-title">
          {billing.invoices.map((invoice) => {
            const date = formatLocalDate(invoice.createdAt);
            return (
              <li key={invoice.id} className="removable-item">
                <p className="removable-item-about">{t.invoice(invoice.total, invoice.currency, date)}</p>
                {invoice.url && (
                  <a href={invoice.url} target="_blank" rel="noopener noreferrer" aria-label={t.receiptLabel(date)}>
                    {t.receipt} <span aria-hidden="true">↗</span>
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * The plan as Stripe bills it (GET /api/billing, read by the page's loader): Free, with the way to Pro;
 * or Pro with its trial and what follows it, the next charge, the card, the last invoices with their
 * receipts, monthly <-> annual, and Stripe's portal (the view's one primary action) for the rest.
 */
export function BillingSection({ billing }: { billing: Deferred<SectionRead<BillingOverview>> }) {
  const { read, retry } = useSectionRead(billing, () => sectionRead(readBilling, 'the billing'));
  const [switched, setSwitched] = useState<{ billing: BillingOverview; message: string }>();
  const current = switched?.billing ?? (read?.step === 'ready' ? read.value : undefined);
  return (
    <section className="card account-section" aria-labelledby="billing-title">
      <h2 id="billing-title">{t.title}</h2>
      {!current ? (
        read?.step === 'failed' ? (
          <RetryNotice failure={read.failure} failed={t.loadFailed} onRetry={retry} />
        ) : (
          <p className="muted" role="status">
            {t.loading}
          </p>
        )
      ) : current.subscription ? (
        <>
          <PlanFacts billing={current} subscription={current.subscription} />
          <div className="account-actions">
            <ManageButton />
          </div>
          <p className="muted">{t.portalNote}</p>
          <IntervalSwitch key={current.subscription.interval} subscription={current.subscription} onSwitched={(next, message) => setSwitched({ billing: next, message })} />
          <Invoices billing={current} />
        </>
      ) : (
        <>
          <dl className="account-facts">
            <div>
              <dt>{t.planLabel}</dt>
              <dd>{t.free}</dd>
            </div>
          </dl>
          <p className="muted">{t.freeLead}</p>
          <div className="account-actions">
            <Link to="/pricing" className="btn btn-primary">
              {t.seePro}
            </Link>
          </div>
          {current.invoices.length > 0 && <Invoices billing={current} />}
        </>
      )}
      <Result message={switched?.message} />
    </section>
  );
}
