import { useEffect } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/product';

export function NotFoundPage() {
  useEffect(() => {
    document.title = `Page not found | ${PRODUCT_NAME}`;
  }, []);
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
