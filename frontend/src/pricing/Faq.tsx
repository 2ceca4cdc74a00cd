import { FREE_WORDS_PER_MONTH } from '../../../shared/plans';
import { trialTexts } from './trial-texts';

/** spec §9: the FAQ's facts (trial, monthly reset, payment methods). */
export const PRICING_FAQ = [
  {
    q: trialTexts.faqQuestion,
    a: trialTexts.faqAnswer,
  },
  {
    q: "When does the Free plan's word limit reset?",
    a: `Your ${FREE_WORDS_PER_MONTH} free words reset at the start of every month. Unused words don't carry over.`,
  },
  {
    q: 'Which payment methods do you accept?',
    a: 'All major credit and debit cards and PayPal. Enterprise customers can also pay by invoice.',
  },
  {
    q: 'Can I cancel at any time?',
    a: 'Yes. Cancel from your dashboard whenever you like; Pro stays active until the end of the period you paid for.',
  },
  {
    q: `What happens when I reach ${FREE_WORDS_PER_MONTH} words on Free?`,
    a: 'Dictation pauses until your words reset next month, or continues at once if you upgrade to Pro.',
  },
] as const;

export function Faq() {
  return (
    <section className="container narrow section" aria-labelledby="faq-title">
      <h2 id="faq-title" className="center">
        Frequently asked questions
      </h2>
      <div className="faq">
        {PRICING_FAQ.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
