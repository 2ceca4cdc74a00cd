import { formatMoment } from '../../../../shared/format';
import { endSession } from '../../api/account';
import type { Deferred } from '../../hooks/use-settled';
import { readSessions, type SessionList } from './account-data';
import { accountTexts } from './account-texts';
import { RemovableItems, useRemovableList } from './RemovableList';
import { Result } from './Result';

const t = accountTexts;

/**
 * Where the account is signed in: each browser and desktop app with when it signed in and was last
 * active, this browser marked (it signs out with the page's own Sign out), every other with its own
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
