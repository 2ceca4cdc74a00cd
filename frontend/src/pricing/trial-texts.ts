import { PRO_TRIAL_DAYS } from '../../../shared/plans';

/**
 * Every promise of the Pro trial, in one place: billing gives the trial once per account,
 * on its first Pro checkout (functions/billing/checkout.ts), so none of these may say "every Pro plan".
 */
export const trialTexts = {
  pricingLead: `Start free and upgrade when dictation becomes a habit. Your first Pro plan begins with a ${PRO_TRIAL_DAYS}-day free trial, no card needed.`,
  /** The Pro card's line, shown while the viewer can still have the trial (a visitor, or an account that never subscribed). */
  planFeature: `${PRO_TRIAL_DAYS}-day free trial on your first Pro plan, no card needed`,
  faqQuestion: 'Is there a free trial of Pro?',
  faqAnswer: `Yes. Your first Pro plan starts with a ${PRO_TRIAL_DAYS}-day free trial, and you don't need a card to begin it. The trial is once per account: if you subscribe again later, Pro is paid from the first day.`,
  terms: `Your first Pro plan begins with a ${PRO_TRIAL_DAYS}-day free trial; there is one trial per account, so a later subscription is paid from its first day.`,
} as const;
