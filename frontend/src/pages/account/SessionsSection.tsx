import { formatMoment } from '../../../../shared/format';
import type { SignedInSession } from '../../../../shared/api-types';
import { endSession } from '../../api/account';
import type { Deferred } from '../../hooks/use-settled';
import { readSessions, type SessionList } from './account-data';
import { accountTexts } from './account-texts';
import { RemovableItems, useRemovableList } from './RemovableList';
import { Result } from './Result';

const t = accountTexts;

/** A country's English name from its ISO code (the browser's own list); the code where it has none. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Roughly where a session signed in, as the list says it. */
export function placeLine(place: SignedInSession['place']): string | undefined {
  if (place === undefined) return undefined;
  return place === 'local' ? t.thisNetwork : t.near(countryName(place.country), place.region);
}

/** How and roughly where it signed in: what tells two of the same browser apart. */
function howAndWhere(session: SignedInSession): string | undefined {
  const parts = [session.method ? t.signInMethods[session.method] : undefined, placeLine(session.place)].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

/**
 * Where the account is signed in: each browser and desktop app with how and roughly where it signed
 * in (the method, CloudFront's country and region), when it signed in and was last active, this browser marked (it signs out with the page's own Sign out), every other with its own
 * "Sign out" (a removal from the list: the outcome read out, focus to the heading).
 */
export function SessionsSection({ sessions }: { sessions: Deferred<SessionList> }) {
  const state = useRemovableList(sessions, (session) => endSession(session.id), readSessions);
  return (
    <section className="card account-section" aria-labelledby="where-title">
      <h2 id="where-title" ref={state.heading} tabIndex={-1}>
        {t.whereTitle}
      </h2>
      <p className="muted">{t.whereIntro}</p>
      <RemovableItems
        state={state}
        labelledBy="where-title"
        texts={{ loading: t.whereLoading, failed: t.whereFailed }}
        about={(session) => (
          <>
            <p className="removable-item-name">
              <strong>{session.name}</strong>
              <span className="account-session-kind">{t.kind[session.kind]}</span>
              {session.current && <span className="account-session-current">{t.thisDevice}</span>}
            </p>
            {howAndWhere(session) && <p className="muted removable-item-where">{howAndWhere(session)}</p>}
            <p className="muted removable-item-times">
              <span>
                {t.signedInAt} {formatMoment(session.signedInAt)}
              </span>{' '}
              · <span>
                {t.lastActive} {formatMoment(session.lastActiveAt)}
              </span>
            </p>
          </>
        )}
        button={(session) =>
          session.current ? undefined : { label: t.signOutOne, busyLabel: t.signingOutOne, ariaLabel: t.signOutOneLabel(session.name, formatMoment(session.lastActiveAt)) }
        }
      />
      <Result message={state.done} />
    </section>
  );
}
