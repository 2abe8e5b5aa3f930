import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A wide table that scrolls sideways on a narrow screen. The scrolling box takes keyboard
 * focus (arrow keys scroll it) and is a named region, so keyboard users reach what is cut off.
 */
export function ScrollTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="scroll-table" tabIndex={0} role="region" aria-label={t('app.scrollTable')}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
