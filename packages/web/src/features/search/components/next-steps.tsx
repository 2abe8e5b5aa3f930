import { Anchor, List, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a patron can go from a search that found nothing (each absent when the institution does not offer it). */
export interface NextStepLinks {
  /** Meu Pergamum's inter-library loan request. */
  interLibrary?: string;
  /** The acquisition suggestion form. */
  suggestion?: string;
  /** The same search in the partner network's guide: only while the network has a partner. */
  network?: string;
}

/**
 * A search that found nothing offers what to do next (issue 55): ask another library for it
 * (inter-library loan), suggest that the library buys it, search the partner libraries.
 */
export function NextSteps({ links, terms }: { links: NextStepLinks; terms: string }) {
  const { t } = useTranslation();
  const steps = [
    links.network && { href: links.network, label: t('search.nextSteps.network', { terms }) },
    links.interLibrary && { href: links.interLibrary, label: t('search.nextSteps.interLibrary') },
    links.suggestion && { href: links.suggestion, label: t('search.nextSteps.suggestion') },
  ].filter((s): s is { href: string; label: string } => Boolean(s));
  if (steps.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="next-steps">
      <Title order={3} size="h5" id="next-steps">
        {t('search.nextSteps.heading')}
      </Title>
      <List spacing={4}>
        {steps.map((s) => (
          <List.Item key={s.href}>
            <Anchor component={Link} to={s.href} underline="always">
              {s.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
