import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/product';
import { Logo } from './Logo';

export const BLOG_URL = 'https://blog.voxpen.app';

/**
 * spec §2: footer groups Product, Company, Legal, and the copyright line, of the current year rather
 * than the spec's fixed 2025 (docs/decisions.md#26).
 */
export function Footer() {
  // A prerendered page carries its build's year until a client render: no hydration error for it.
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <Logo />
          <p className="muted">Your voice, written beautifully.</p>
        </div>
        <nav aria-label="Product">
          <h2>Product</h2>
          <Link to="/features">Features</Link>
          <Link to="/pricing">Pricing</Link>
          {/* It opens a new tab: said to readers, and shown to the eye. */}
          <a href={BLOG_URL} rel="noopener noreferrer" target="_blank" aria-label="Blog (opens in a new tab)">
            Blog <span aria-hidden="true">↗</span>
          </a>
        </nav>
        <nav aria-label="Company">
          <h2>Company</h2>
          <Link to="/about">About</Link>
          <Link to="/careers">Careers</Link>
          <Link to="/contact">Contact</Link>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
          <Link to="/security">Security</Link>
        </nav>
      </div>
      <p className="container copyright" suppressHydrationWarning>
        © {year} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
