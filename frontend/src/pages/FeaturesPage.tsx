import { CallToAction } from '../components/CallToAction';
import { FeatureCard } from '../components/FeatureCard';
import { PageHeader } from '../components/PageHeader';
import { HOME_FEATURES, MORE_FEATURES } from '../content/features';

const STEPS = [
  { title: 'Press the shortcut', body: 'Start dictating from any app with one keyboard shortcut.' },
  { title: 'Speak naturally', body: 'Talk the way you think. Pauses, corrections and asides are handled for you.' },
  { title: 'Polish and export', body: 'Enhance with AI if you like, then keep writing or export in your format.' },
];

export function FeaturesPage() {
  return (
    <div className="page">
      <PageHeader eyebrow="Features" title="Everything a writer needs to dictate">
        Voxpen is built for long-form writing: accurate transcription, formatting that reads like prose, and AI help
        that respects your voice.
      </PageHeader>

      <section className="container section" aria-label="Features">
        <div className="cards three">
          {[...HOME_FEATURES, ...MORE_FEATURES].map((f) => (
            <FeatureCard key={f.title} feature={f} headingLevel={2} />
          ))}
        </div>
      </section>

      <section className="container section" aria-labelledby="how-title">
        <h2 id="how-title" className="center">
          How it works
        </h2>
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.title} className="card">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p>{s.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <CallToAction
        title="Hear the difference on your own writing"
        text="Sign up free and dictate your next page today."
        to="/signup"
        label="Sign Up Free"
      />
    </div>
  );
}

export default FeaturesPage;
