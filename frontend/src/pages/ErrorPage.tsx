import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { reachTexts } from '../../../shared/texts/reach';
import { routerTexts } from '../../../shared/texts/router';
import { isChunkLoadError, reloadOnceForChunk } from '../chunk-load';

/** A page whose code did not arrive: loaded again once, then said plainly with a Reload (docs/decisions.md#24). */
function ChunkFailed() {
  const [reloading, setReloading] = useState(true);
  // An effect: the reload is the browser's, after this render, and only once per failure.
  useEffect(() => {
    if (!reloadOnceForChunk()) setReloading(false);
  }, []);
  if (reloading) return <div className="page container narrow center" aria-busy="true" />;
  return (
    <div className="page container narrow center" role="alert">
      <h1>{reachTexts.pageNotLoaded}</h1>
      <p className="lead">{reachTexts.pageNotLoadedLead}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {reachTexts.reload}
      </button>
    </div>
  );
}

/**
 * spec §8: the router's default fallback text, shown for any error a route throws, inside the site's
 * layout (routes.tsx). A page chunk that failed to load is told apart: it is reloaded for once.
 */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  if (isChunkLoadError(error)) return <ChunkFailed />;
  return (
    <div className="page container narrow center" role="alert">
      <h1>{routerTexts.unexpected}</h1>
      <p className="lead">Please reload the page. If it keeps happening, contact us.</p>
      <a href="/" className="btn btn-primary">
        Go to Home
      </a>
    </div>
  );
}
