import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A wide table that scrolls sideways on a narrow screen. The scrolling box takes keyboard
 * focus (arrow keys scroll it) and is a named region, so keyboard users reach what is cut off.
 *
 * `stacks`: a table whose rows become cards (`stack-table`, styles.css) where it does not fit —
 * where its box is narrower than `minWidth` at the text size in use — and stays a table wherever
 * it does (issue 55: Meu Pergamum's lists were cards even at 1366 px, where they fit beside the
 * menu). A larger text size (the accessibility bar grows the root font) turns it into cards
 * sooner, as the table then needs more room.
 */
export function ScrollTable({ minWidth, stacks = false, children }: { minWidth: number; stacks?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const stacked = useStacked(ref, stacks ? minWidth : null);
  return (
    <div
      ref={ref}
      className={stacks ? 'scroll-table scroll-table--stacks' : 'scroll-table'}
      data-stacked={stacked || undefined}
      tabIndex={0}
      role="region"
      aria-label={t('app.scrollTable')}
    >
      {/* 1rem wide: resized, and the fit checked again, when the text size changes though the box does not. */}
      {stacks && <span data-rem-probe aria-hidden="true" className="scroll-table-probe" />}
      <div className="scroll-table-inner" style={{ minWidth }}>
        {children}
      </div>
    </div>
  );
}

/**
 * Whether the box is too narrow for a table `minWidth` px wide at the usual text size (scaled by
 * the root font in use): measured before the first paint and again whenever the box or the text
 * size changes. Not measured (`minWidth` null, or nothing laid out, as in the component tests): a table.
 */
function useStacked(ref: RefObject<HTMLDivElement | null>, minWidth: number | null): boolean {
  const [stacked, setStacked] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    const probe = box?.querySelector<HTMLElement>('[data-rem-probe]');
    if (!box || !probe || minWidth === null) return;
    const measure = () => {
      const width = box.clientWidth;
      const rem = probe.getBoundingClientRect().width;
      if (width > 0 && rem > 0) setStacked(width < (minWidth / 16) * rem);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(probe);
    return () => observer.disconnect();
  }, [ref, minWidth]);
  return stacked;
}
