import { Anchor, Button, List, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchHistory } from '../search-history';

/** The session's past searches, each once and reopening its results page, with what sets it apart (filters, sort, base). */
export function SearchHistoryList() {
  const { t } = useTranslation();
  const { searches, clear } = useSearchHistory();
  if (searches.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="search-history">
      <Title order={2} size="h4" id="search-history">
        {t('search.history')}
      </Title>
      <List spacing={4}>
        {searches.map((s) => (
          <List.Item key={s.key ?? s.href}>
            {/* What sets it apart from another search of the same words (its filters, sort, base) is in its link's name. */}
            <Anchor component={Link} to={s.href}>
              {s.details?.length ? `${s.label} — ${s.details.join(' · ')}` : s.label}
            </Anchor>{' '}
            ({t('search.resultsCount', { count: s.total, formatted: s.total })})
          </List.Item>
        ))}
      </List>
      <Button variant="subtle" size="compact-sm" onClick={clear} style={{ alignSelf: 'flex-start' }}>
        {t('search.clearHistory')}
      </Button>
    </Stack>
  );
}
