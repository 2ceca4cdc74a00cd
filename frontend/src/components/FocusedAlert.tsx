import type { ReactNode } from 'react';

/** A module-level ref callback: React calls it when the alert mounts, not on every render. */
function focus(alert: HTMLParagraphElement | null) {
  alert?.focus();
}

/**
 * An alert that takes keyboard focus when it appears: the button that caused it may just have been
 * disabled (focus would be lost), and on a narrow screen the alert may be off-screen (focusing
 * scrolls it into view). Mount it anew for each failure so each one is focused.
 */
export function FocusedAlert({ className, children }: { className: string; children: ReactNode }) {
  return (
    <p ref={focus} className={className} role="alert" tabIndex={-1}>
      {children}
    </p>
  );
}
