import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A wide table that scrolls sideways on a narrow screen. The scrolling box takes keyboard
 * focus (arrow keys scroll it) and is a named region, so keyboard users reach what is cut off.
 */
export function ScrollTable({ minWidth, stacks = false, children }: { minWidth: number; stacks?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  // `stacks`: a table whose rows become cards on a narrow screen (`stack-table`) needs no minimum width there.
  return (
    <div className={stacks ? 'scroll-table scroll-table--stacks' : 'scroll-table'} tabIndex={0} role="region" aria-label={t('app.scrollTable')}>
      <div className="scroll-table-inner" style={{ minWidth }}>
        {children}
      </div>
    </div>
  );
}
