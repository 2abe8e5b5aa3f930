import { createPortal } from 'react-dom';

/**
 * A skip link a screen adds beside the shell's "skip to content" (the first things a keyboard
 * reaches): rendered into the shell's `#skip-links` slot, shown when focused.
 */
export function SkipLink({ target, label }: { target: string; label: string }) {
  // The shell is drawn before any screen's content, so its slot is there when a screen draws this.
  const slot = document.getElementById('skip-links');
  if (!slot) return null;
  return createPortal(
    <a className="skip-link" href={`#${target}`}>
      {label}
    </a>,
    slot,
  );
}
