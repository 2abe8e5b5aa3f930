import { Anchor, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusLine } from '../../../ui/status-line';

/** What a card needs of its query: whether it is still loading, or failed. */
interface CardQuery {
  isPending: boolean;
  isError: boolean;
}

/**
 * One card of the account home: a heading, what the section's call says (`children`, once it
 * answered), and a link to the section. Each card loads on its own: while it does, grey lines
 * as many as the answer usually takes (`lines`), so that nothing moves when it arrives; if the
 * call fails, a short message in this card only.
 */
export function DashboardCard({
  id,
  title,
  href,
  linkText,
  query,
  errorText,
  lines,
  children,
}: {
  id: string;
  title: string;
  href: string;
  linkText: string;
  query: CardQuery;
  errorText: string;
  lines: number;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = `painel-${id}`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <Stack gap={4} style={{ flex: 1 }} aria-busy={query.isPending || undefined}>
          {query.isPending ? (
            <>
              <VisuallyHidden>{t('account.dashboard.loading')}</VisuallyHidden>
              {Array.from({ length: lines }, (_, i) => (
                // Each grey line as tall as a line of text; the last one shorter, as text ends.
                <Skeleton key={i} height="1.55rem" width={i === lines - 1 ? '60%' : '100%'} />
              ))}
            </>
          ) : query.isError ? (
            <StatusLine tone="danger">{errorText}</StatusLine>
          ) : (
            children()
          )}
        </Stack>
        <Text>
          <Anchor component={Link} to={href} underline="always">
            {linkText}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
