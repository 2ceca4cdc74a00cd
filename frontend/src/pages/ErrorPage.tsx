import { useRouteError } from 'react-router';
import { routerTexts } from '../../../shared/texts/router';

/** spec §8: the router's default fallback text, shown for any error a route throws. */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
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
