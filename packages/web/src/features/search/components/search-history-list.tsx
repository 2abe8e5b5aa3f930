import { Anchor, Button, List, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchHistory } from '../search-history';

/** The session's past searches, each reopening its results page. */
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
          <List.Item key={s.href}>
            <Anchor component={Link} to={s.href}>
              {s.label}
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
