import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** What a chart is drawn for: its box's width and the root font size (1rem), both in CSS pixels. */
export interface TextMetrics {
  width: number;
  rem: number;
}

/** Until measured (and where nothing lays out, as in the component tests): a desktop column at the usual text size. */
const UNMEASURED: TextMetrics = { width: 640, rem: 16 };

/**
 * The width of a box and the size of the text in it, kept up to date: for charts drawn in SVG,
 * whose labels must grow with the text-size bar like the rest of the page (issue 55) and be laid
 * out for the room they have. Put `ref` on the box (positioned, e.g. `position: relative`) and
 * `probe` inside it: the hidden probe is 1rem wide, so it is resized — and everything measured
 * again — when the text size changes, even where the box's width does not (a phone).
 */
export function useTextMetrics<T extends HTMLElement>(): { ref: RefObject<T | null>; probe: ReactNode; metrics: TextMetrics } {
  const ref = useRef<T | null>(null);
  const [metrics, setMetrics] = useState<TextMetrics>(UNMEASURED);
  useLayoutEffect(() => {
    const box = ref.current;
    const probe = box?.querySelector<HTMLElement>('[data-text-probe]');
    if (!box || !probe) return;
    const measure = () => {
      const width = box.clientWidth;
      const rem = probe.getBoundingClientRect().width;
      // Nothing laid out (a hidden tab, the component tests): keep what was measured.
      if (width > 0 && rem > 0) setMetrics((old) => (old.width === width && old.rem === rem ? old : { width, rem }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(probe);
    return () => observer.disconnect();
  }, []);
  const probe = (
    <span
      data-text-probe
      aria-hidden="true"
      style={{ position: 'absolute', visibility: 'hidden', pointerEvents: 'none', width: '1rem', height: 0, top: 0, left: 0 }}
    />
  );
  return { ref, probe, metrics };
}
