import { useState } from 'react';
import { Link } from 'react-router';
import { PLANS, PRO_TRIAL_DAYS, type BillingInterval } from '../../../shared/plans';
import { FocusedAlert } from '../components/FocusedAlert';
import { Icon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { ComparePlans } from '../pricing/ComparePlans';
import { Faq } from '../pricing/Faq';
import { IntervalToggle } from '../pricing/IntervalToggle';
import { PlanButton } from '../pricing/PlanButton';
import { PlanPrice } from '../pricing/PlanPrice';
import { usePlanChoice } from '../pricing/use-plan-choice';

export function PricingPage() {
  const [interval, setBillingInterval] = useState<BillingInterval>('monthly');
  const choice = usePlanChoice(interval);
  return (
    <div className="page">
      <PageHeader eyebrow="Pricing" title="Simple, transparent pricing">
        Start free and upgrade when dictation becomes a habit. Every Pro plan begins with a {PRO_TRIAL_DAYS}-day free
        trial, no card needed.
      </PageHeader>

      <section className="container" aria-label="Plans">
        <div className="center">
          <IntervalToggle value={interval} onChange={setBillingInterval} />
        </div>
        {/* spec §5, §8 say 'alert': an inline role="alert" by the plans instead of window.alert, which
            blocks the page and reads poorly; screen readers still announce it at once, and it takes
            focus, so it is in view and keyboard users are not left on a disabled button. */}
        {choice.error && <FocusedAlert className="plans-alert">{choice.error}</FocusedAlert>}
        <div className="plans">
          {PLANS.map((plan) => (
            <article key={plan.id} className={plan.id === 'pro' ? 'card plan featured' : 'card plan'} aria-labelledby={`plan-${plan.id}`}>
              {plan.id === 'pro' && <p className="badge">Most popular</p>}
              <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
              <p className="muted">{plan.tagline}</p>
              <PlanPrice plan={plan} interval={interval} />
              <PlanButton
                plan={plan}
                interval={interval}
                current={choice.current}
                processing={choice.processing}
                locked={choice.locked}
                onChoose={choice.choose}
              />
              <ul className="checklist">
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className="container section" aria-labelledby="enterprise-title">
        <div className="banner">
          <span className="feature-icon">
            <Icon name="users" />
          </span>
          <div>
            <h2 id="enterprise-title">Voxpen for your whole team</h2>
            <p>Volume pricing, invoice billing, onboarding and a dedicated account manager. Tell us what you need.</p>
          </div>
          <Link to="/contact" className="btn btn-primary">
            Contact Sales
          </Link>
        </div>
      </section>

      <ComparePlans />
      <Faq />
    </div>
  );
}

export default PricingPage;
