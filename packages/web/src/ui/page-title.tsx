import { Title } from '@mantine/core';
import { useEffect } from 'react';

/** The screen's h1, also set as the document title so screen readers announce the page. */
export function PageTitle({ children, site }: { children: string; site: string }) {
  useEffect(() => {
    document.title = `${children} · ${site}`;
  }, [children, site]);
  return (
    <Title order={1} mb="md">
      {children}
    </Title>
  );
}
