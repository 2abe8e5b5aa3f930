import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { hasNavigated } from './navigation';

/**
 * The screen's h1, also set as the document title so screen readers announce the page. When a
 * screen opens after a move within the app and focus has nowhere to be (the link that led here is gone: focus fell to the
 * body), focus moves to this heading, so the keyboard and a screen reader start at the new
 * page's top instead of the document's start (issue 24).
 */
export function PageTitle({ children, site }: { children: string; site: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · ${site}`;
  }, [children, site]);
  useEffect(() => {
    if (!hasNavigated()) return;
    if (document.activeElement === null || document.activeElement === document.body) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Title order={1} mb="md" ref={heading} tabIndex={-1} className="page-heading">
      {children}
    </Title>
  );
}
