import { useEffect, useState } from 'react';

/**
 * Whether to animate: false until mounted (so the prerendered HTML and hydration agree), then false
 * for visitors who ask their system for reduced motion.
 */
export function useMotionAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : undefined;
    setAllowed(!query?.matches);
    if (!query) return;
    const onChange = () => setAllowed(!query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return allowed;
}
