import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One term and its description in a record's `<dl>` (the title page, a network record). */
export function DescriptionRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" fw={600} size="sm">
        {label}
      </Text>
      <Text component="dd" size="sm" ml={0} mb="xs">
        {children}
      </Text>
    </>
  );
}
