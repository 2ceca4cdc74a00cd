import { Link } from 'react-router';

/** Its tab title is the catch-all route's own (routes.tsx). */
export function NotFoundPage() {
  return (
    <div className="page container narrow center not-found">
      <p className="eyebrow">404</p>
      <h1>Page not found</h1>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Go to Home
      </Link>
    </div>
  );
}

export default NotFoundPage;
