import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/product';

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${PRODUCT_NAME} home`}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M16 6a4 4 0 0 0-4 4v6a4 4 0 0 0 8 0v-6a4 4 0 0 0-4-4zm-7 10a7 7 0 0 0 6 6.9V26h2v-3.1a7 7 0 0 0 6-6.9h-2a5 5 0 0 1-10 0z" fill="#fff" />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
