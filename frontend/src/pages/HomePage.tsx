import { Link } from 'react-router';
import { MARKETING_STATS } from '../../../shared/marketing';
import { FREE_WORDS_PER_MONTH, PRO_TRIAL_DAYS } from '../../../shared/plans';
import { homeTexts } from '../../../shared/texts/home';
import { CallToAction } from '../components/CallToAction';
import { FeatureCard } from '../components/FeatureCard';
import { HOME_FEATURES } from '../content/features';
import { HomeDownload } from '../home/DownloadButton';
import { Headline } from '../home/Headline';

/** A still picture of the app at work: decorative, so hidden from assistive technology. */
function DictationPreview() {
  return (
    <div className="preview" aria-hidden="true">
      <div className="preview-bar">
        <span />
        <span />
        <span />
        <p>Chapter 3 draft</p>
      </div>
      <div className="preview-body">
        <div className="wave">
          {/* Bar heights live in styles.css: no inline styles, so a strict CSP needs no exception. */}
          {Array.from({ length: 16 }, (_, i) => (
            <i key={i} />
          ))}
        </div>
        <p className="preview-status">
          <span className="rec-dot" /> Listening…
        </p>
        <p>
          The rain had stopped by the time Mara reached the harbour. She pulled her coat tighter, counted the boats
          twice, and knew before the second count was done that the <mark>Evening Star</mark> had not come home.
        </p>
        <p className="preview-meta">142 words · 0:17 · Smart formatting on</p>
      </div>
    </div>
  );
}

export function HomePage() {
  return (
    <div className="home">
      <section className="hero-home">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">Voice to text for writers and creators</p>
            <Headline />
            <p className="lead">
              Voxpen turns what you say into polished, formatted writing, so your first draft moves as fast as your
              thoughts do.
            </p>
            <HomeDownload>
              <Link to="/features" className="btn btn-ghost btn-lg">
                See features
              </Link>
            </HomeDownload>
          </div>
          <DictationPreview />
        </div>
      </section>

      <section className="container" aria-label="Voxpen in numbers">
        <dl className="stats">
          {MARKETING_STATS.map((s) => (
            <div key={s.label} className="stat">
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="container section" aria-labelledby="features-title">
        <div className="section-head">
          <h2 id="features-title">Everything you need to write with your voice</h2>
          <p className="lead">From the first spoken sentence to a finished, formatted draft.</p>
        </div>
        <div className="cards three">
          {HOME_FEATURES.map((f) => (
            <FeatureCard key={f.title} feature={f} />
          ))}
        </div>
      </section>

      <CallToAction
        title={homeTexts.signUpCall}
        text={`Create a free account in seconds: ${FREE_WORDS_PER_MONTH} words a month free, and a ${PRO_TRIAL_DAYS}-day Pro trial whenever you're ready.`}
        to="/signup"
        label="Sign Up Today"
      />
    </div>
  );
}

export default HomePage;
