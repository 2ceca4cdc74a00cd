import { billingUiTexts } from '../../../../shared/texts/plans-ui';
import { DownloadNowButton } from '../../components/InstallerDownload';
import { detectPlatform } from '../../home/platform';
import { useHydrated } from '../../hooks/use-hydrated';
import type { LatestVersionState } from '../../hooks/use-latest-version';
import { Link } from 'react-router';
import { allDone, type FirstRunSteps } from './first-run';

const t = billingUiTexts.firstRun;

function Step({ done, number, title, lead, children }: { done: boolean | undefined; number: number; title: string; lead: string; children?: React.ReactNode }) {
  return (
    <li className="first-run-step" data-done={done ? 'true' : undefined}>
      <span className="first-run-mark" aria-hidden="true">
        {done ? '✓' : number}
      </span>
      <div>
        <p className="first-run-step-title">
          <strong>{title}</strong> <span className="visually-hidden">({done ? t.done : t.toDo})</span>
        </p>
        <p className="muted">{lead}</p>
        {children}
      </div>
    </li>
  );
}

/** Whether this page's loading view kept room for the checklist (theme.js marks <html> when not: ./first-run.ts). */
function roomKeptForChecklist(): boolean {
  return typeof document === 'undefined' || !document.documentElement.hasAttribute('data-setup-done');
}

/**
 * Whether the checklist shows for these steps: until all are done; done, gone, unless this load kept
 * room for it (the browser had not seen it done yet). Then it stays this once, every step ticked,
 * rather than leave a hole everything below moves into.
 */
export function showsChecklist(steps: FirstRunSteps): boolean {
  return !allDone(steps) || roomKeptForChecklist();
}

/**
 * The top of a new account's dashboard: install the app, sign in from it, dictate, each ticked from
 * the account's data (./first-run.ts), with the page's one download call to action; gone once all
 * three are done. `steps` undefined: the loading view's (the same box, nothing ticked yet).
 */
export function FirstRunChecklist({ steps, latest }: { steps: FirstRunSteps | undefined; latest: LatestVersionState }) {
  // The prerendered loading view is the Windows build's; a Mac's browser says so once hydrated.
  const platform = useHydrated() && detectPlatform() === 'mac' ? 'Mac' : 'Windows';
  const done = steps && allDone(steps);
  if (steps && !showsChecklist(steps)) return null;
  return (
    <section className="card first-run" aria-labelledby="first-run-title" aria-busy={steps === undefined}>
      <h2 id="first-run-title">{done ? t.allSet : t.title}</h2>
      <p className="muted">{t.lead}</p>
      <ol className="first-run-steps">
        <Step done={steps?.installed} number={1} title={t.installTitle} lead={t.installLead(platform)}>
          {/* Kept once the step is done, quiet (the same box: nothing under it moves between loads). */}
          <div className="card-actions">
            {platform === 'Windows' ? (
              <DownloadNowButton latest={latest} className={steps?.installed ? 'btn btn-ghost' : 'btn btn-primary'} label={t.install(platform)} />
            ) : (
              <Link to="/download" className={steps?.installed ? 'btn btn-ghost' : 'btn btn-primary'}>
                {t.install(platform)}
              </Link>
            )}
          </div>
        </Step>
        <Step done={steps?.signedIn} number={2} title={t.signInTitle} lead={t.signInLead} />
        <Step done={steps?.dictated} number={3} title={t.dictateTitle} lead={t.dictateLead} />
      </ol>
    </section>
  );
}
