import type { Autoridade } from '@estante/contracts/catalog';
import { Anchor, Badge, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A headed list of an authority's references or notes; nothing when there are none. */
function ListSection({ id, heading, items }: { id: string; heading: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={4}>
        {heading}
      </Title>
      <List size="sm">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </section>
  );
}

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
      <ListSection id="see-from" heading={t('authority.seeFrom')} items={autoridade.remissivas} />
      <ListSection id="see-also" heading={t('authority.seeAlso')} items={autoridade.relacionados} />
      <ListSection id="notes" heading={t('authority.notes')} items={autoridade.notas} />
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
                {[x.autor, x.ano_publicacao].filter(Boolean).length > 0 && (
                  <Text span c="gray.7">
                    {' '}
                    — {[x.autor, x.ano_publicacao].filter(Boolean).join(', ')}
                  </Text>
                )}
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
