import { Anchor, Box, Stack, Text } from '@mantine/core';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AccountGroup, type AccountSection, groupSections } from './sections';

/** A heading's text: each key literal, so the translations test finds it. */
function useGroupLabel(): (group: AccountGroup) => string {
  const { t } = useTranslation();
  const labels: Record<AccountGroup, string> = {
    circulation: t('account.groups.circulation'),
    research: t('account.groups.research'),
    services: t('account.groups.services'),
    acquisitions: t('account.groups.acquisitions'),
    profile: t('account.groups.profile'),
  };
  return (group) => labels[group];
}

/**
 * Meu Pergamum's menu: "Início", then the sections the patron is offered under their headings
 * (issue 55) — each heading names a group of links for a screen reader too. The entry of the
 * screen shown is marked (aria-current, styles.css). `onNavigate` runs on a click inside (the
 * drawer closes).
 */
export function AccountMenu({
  home,
  sections,
  current,
  onNavigate,
}: {
  home: string;
  sections: readonly (AccountSection & { path: string })[];
  current: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const label = useGroupLabel();
  const id = useId();
  const link = (to: string, text: string, badge?: AccountSection['badge']) => (
    <Anchor key={to} component={Link} to={to} aria-current={current === to ? 'page' : undefined} underline="always">
      {text}
      {badge && (
        <Suspense fallback={null}>
          <BadgeOf badge={badge} />
        </Suspense>
      )}
    </Anchor>
  );
  return (
    <Stack component="nav" className="meupergamum-nav" aria-label={t('account.menu')} gap="sm" onClick={onNavigate}>
      {link(home, t('account.home'))}
      {groupSections(sections).map(({ group, sections: entries }) => (
        <Box key={group} role="group" aria-labelledby={`${id}-${group}`}>
          <Text id={`${id}-${group}`} className="meupergamum-nav-group" size="xs" fw={700} tt="uppercase" c="gray.7" mb={2}>
            {label(group)}
          </Text>
          <Stack gap={4}>{entries.map((s) => link(s.path, t(s.label), s.badge))}</Stack>
        </Box>
      ))}
    </Stack>
  );
}

function BadgeOf({ badge: Badge }: { badge: NonNullable<AccountSection['badge']> }) {
  return <Badge />;
}
