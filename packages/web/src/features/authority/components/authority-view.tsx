import type { Autoridade } from '@estante/contracts';
import { Anchor, Badge, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An authority's heading, its see / see-also references, notes and the titles filed under it. */
export function AuthorityView({ autoridade, titleHref, allTitlesHref }: { autoridade: Autoridade; titleHref: (id: number) => string; allTitlesHref: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <div>
        <Badge variant="filled" color="gray.7">
          {t(`authorityTypes.${autoridade.tipo}`)}
        </Badge>
      </div>
      {autoridade.remissivas.length > 0 && (
        <section aria-labelledby="see-from">
          <Title order={2} size="h4" id="see-from" mb={4}>
            {t('authority.seeFrom')}
          </Title>
          <List size="sm">{autoridade.remissivas.map((r) => <List.Item key={r}>{r}</List.Item>)}</List>
        </section>
      )}
      {autoridade.relacionados.length > 0 && (
        <section aria-labelledby="see-also">
          <Title order={2} size="h4" id="see-also" mb={4}>
            {t('authority.seeAlso')}
          </Title>
          <List size="sm">{autoridade.relacionados.map((r) => <List.Item key={r}>{r}</List.Item>)}</List>
        </section>
      )}
      {autoridade.notas.length > 0 && (
        <section aria-labelledby="notes">
          <Title order={2} size="h4" id="notes" mb={4}>
            {t('authority.notes')}
          </Title>
          <List size="sm">{autoridade.notas.map((r) => <List.Item key={r}>{r}</List.Item>)}</List>
        </section>
      )}
      <section aria-labelledby="titles">
        <Title order={2} size="h4" id="titles" mb={4}>
          {t('authority.titles', { count: autoridade.total_titulos })}
        </Title>
        {autoridade.titulos.length === 0 ? (
          <Text c="gray.7">{t('authority.noTitles')}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {autoridade.titulos.map((x) => (
              <List.Item key={x.cod_acervo}>
                <Anchor component={Link} to={titleHref(x.cod_acervo)}>
                  {x.titulo}
                </Anchor>
                {[x.autor, x.ano_publicacao].filter(Boolean).length > 0 && <Text span c="gray.7"> — {[x.autor, x.ano_publicacao].filter(Boolean).join(', ')}</Text>}
              </List.Item>
            ))}
          </List>
        )}
        {autoridade.total_titulos > autoridade.titulos.length && (
          <Anchor component={Link} to={allTitlesHref} mt="xs" display="inline-block">
            {t('authority.allTitles', { count: autoridade.total_titulos })}
          </Anchor>
        )}
      </section>
    </Stack>
  );
}
