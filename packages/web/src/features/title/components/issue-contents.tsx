import type { KardexItem } from '@estante/contracts/catalog';
import { List, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "v. 30, n. 3 (set. 2025)": how a library names an issue. */
export function useIssueName() {
  const { t, i18n } = useTranslation();
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  return (issue: { volume: string | null; numero: string | null; ano: number; mes: number }) =>
    [issue.volume && t('copies.volume', { n: issue.volume }), issue.numero && t('copies.number', { n: issue.numero })].filter(Boolean).join(', ') +
    ` (${month.format(new Date(Date.UTC(issue.ano, issue.mes - 1, 1)))} ${issue.ano})`;
}

/** An issue's table of contents: articles with authors and pages. */
export function IssueContents({ issue, headingLevel = 3 }: { issue: KardexItem; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation();
  const name = useIssueName();
  return (
    <section aria-label={name(issue)}>
      <Title order={headingLevel} size="h5" mb={4}>
        {name(issue)}
      </Title>
      {issue.artigos.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('kardex.noContents')}
        </Text>
      ) : (
        <List size="sm" spacing={2} mb="sm">
          {issue.artigos.map((a) => (
            <List.Item key={a.seq}>
              {a.titulo}
              {(a.autores || a.paginas) && (
                <Text span c="gray.7">
                  {' — '}
                  {[a.autores, a.paginas && t('kardex.pages', { pages: a.paginas })].filter(Boolean).join(', ')}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
