import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { SignedInSession } from '../../../../shared/api-types';
import { formatMoment } from '../../../../shared/format';
import { accountFailure, endSession } from '../../api/account';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useSettled, type Deferred } from '../../hooks/use-settled';
import type { SessionList } from './account-data';
import { accountTexts } from './account-texts';
import { Result } from './Result';

const t = accountTexts;

type List = { step: 'loading' } | SessionList;

/**
 * Where the account is signed in: each browser and desktop app with when it signed in and was last
 * active, this browser marked (it signs out with the page's own Sign out), every other with its own
 * "Sign out". After one goes, focus moves to the list's heading so the keyboard is not left on a
 * button that is gone; the outcome is read from the live region.
 */
export function SessionsSection({ sessions }: { sessions: Deferred<SessionList> }) {
  // The loader's read until one is signed out here; then the list as this page changed it.
  const read = useSettled(sessions);
  const [changed, setChanged] = useState<List>();
  const list: List = changed ?? read ?? { step: 'loading' };
  const drop = (id: string) => setChanged(list.step === 'ready' ? { step: 'ready', sessions: list.sessions.filter((s) => s.id !== id) } : list);
  const [ending, setEnding] = useState<string>();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<{ key: number; message: string }>();
  const heading = useRef<HTMLHeadingElement>(null);

  const signOut = async (session: SignedInSession) => {
    setEnding(session.id);
    setDone(undefined);
    setFailure(undefined);
    try {
      const answer = await endSession(session.id);
      flushSync(() => {
        drop(session.id);
        setDone(answer.message);
      });
      heading.current?.focus();
    } catch (error) {
      const refused = accountFailure(error, t.failed);
      // Gone already (ended elsewhere): the list drops it and says why.
      if (refused.status === 404) drop(session.id);
      setFailure({ key: Date.now(), message: refused.message });
    } finally {
      setEnding(undefined);
    }
  };

  return (
    <section className="card account-section" aria-labelledby="where-title">
      <h2 id="where-title" ref={heading} tabIndex={-1}>
        {t.whereTitle}
      </h2>
      <p className="muted">{t.whereIntro}</p>
      {failure && (
        <FocusedAlert key={failure.key} className="form-alert">
          {failure.message}
        </FocusedAlert>
      )}
      {list.step === 'loading' && <p className="muted">{t.whereLoading}</p>}
      {list.step === 'failed' && (
        <p className="form-alert" role="alert">
          {t.whereFailed}
        </p>
      )}
      {list.step === 'ready' && (
        <ul className="account-sessions" aria-labelledby="where-title">
          {list.sessions.map((session) => {
            const lastActive = formatMoment(session.lastActiveAt);
            return (
              <li key={session.id} className="account-session">
                <div className="account-session-about">
                  <p className="account-session-name">
                    <strong>{session.name}</strong>
                    <span className="account-session-kind">{t.kind[session.kind]}</span>
                    {session.current && <span className="account-session-current">{t.thisDevice}</span>}
                  </p>
                  <p className="muted account-session-times">
                    <span>
                      {t.signedInAt} {formatMoment(session.signedInAt)}
                    </span>{' '}
                    · <span>
                      {t.lastActive} {lastActive}
                    </span>
                  </p>
                </div>
                {!session.current && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => signOut(session)}
                    disabled={ending !== undefined}
                    aria-busy={ending === session.id || undefined}
                    aria-label={t.signOutOneLabel(session.name, lastActive)}
                  >
                    {ending === session.id ? t.signingOutOne : t.signOutOne}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Result message={done} />
    </section>
  );
}
