import type { ResultadoAcervo } from '@estante/contracts/search';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Coins } from '../../../ui/coins';
import { Cover } from '../../../ui/cover';
import type { Display } from '../search-state';
import { PlainCheckbox } from './plain-checkbox';

/** One result line: cover, title (to the title page), author, year, type and where copies are. */
export interface BasketControls {
  inBasket: boolean;
  onToggleBasket: () => void;
  selected: boolean;
  onSelect: (selected: boolean) => void;
}

/** A serial's indexed articles (`/consulta/acervos-indexados`), linked to its tables of contents. */
export interface IndexedArticles {
  artigos: number;
  fasciculos: number;
  href: string;
}

/**
 * The line is drawn again only when what it shows changes: a page's twenty lines are not redrawn
 * when the indexed articles of one arrive, a box is ticked or the basket changes (issue 55). Its
 * callbacks must not depend on the render they came from (results-view.tsx: functional updates).
 */
export const ResultItem = memo(
  ResultLine,
  (a, b) =>
    a.item === b.item &&
    a.display === b.display &&
    a.href === b.href &&
    a.indexed?.artigos === b.indexed?.artigos &&
    a.indexed?.fasciculos === b.indexed?.fasciculos &&
    a.indexed?.href === b.indexed?.href &&
    (a.basket === undefined) === (b.basket === undefined) &&
    a.basket?.inBasket === b.basket?.inBasket &&
    a.basket?.selected === b.basket?.selected,
);

function ResultLine({
  item,
  display,
  href,
  basket,
  indexed,
}: {
  item: ResultadoAcervo;
  display: Display;
  href: string;
  basket?: BasketControls;
  indexed?: IndexedArticles;
}) {
  const { t } = useTranslation();
  const available = item.disponibilidade.reduce((n, d) => n + d.disponiveis, 0);
  const total = item.disponibilidade.reduce((n, d) => n + d.total, 0);
  const line = (
    // At least 12rem for the text: on a narrow screen the basket button wraps below rather than squeezing the title.
    <Stack gap={4} style={{ flex: '1 1 12rem', minWidth: 0 }}>
      <Anchor component={Link} to={href} fw={600} size="lg">
        {item.titulo}
      </Anchor>
      <Text size="sm">{[item.autor, item.ano_publicacao ?? t('search.noYear')].filter(Boolean).join(' · ')}</Text>
      {indexed && (
        <Anchor component={Link} to={indexed.href} size="sm">
          {t('search.indexedArticles', { count: indexed.artigos, issues: t('search.issueCount', { count: indexed.fasciculos }) })}
        </Anchor>
      )}
      {display === 'D' && (
        <>
          <Group gap="xs">
            <Badge variant="filled" color="gray.7">
              {item.desc_tipo_obra}
            </Badge>
            {item.acesso_remoto && (
              <Badge variant="filled" color="teal.9">
                {t('search.online')}
              </Badge>
            )}
            {item.possui_acessibilidade && (
              <Badge variant="filled" color="violet.9">
                {t('search.accessible')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7">
            {item.instituicao
              ? t('network.resultInstitution', { institution: item.instituicao.desc_empresa })
              : total === 0
                ? item.acesso_remoto
                  ? t('search.onlineOnly')
                  : t('search.noCopies')
                : t('search.availability', { available, count: total, libraries: item.disponibilidade.map((d) => d.desc_biblioteca).join(', ') })}
          </Text>
        </>
      )}
    </Stack>
  );
  return (
    <Group component="article" gap="md" align="flex-start" wrap="wrap" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {basket && (
        <PlainCheckbox
          label={t('basket.select', { title: item.titulo })}
          hideLabel
          checked={basket.selected}
          onChange={(e) => basket.onSelect(e.currentTarget.checked)}
        />
      )}
      {display === 'D' && <Cover title={item.titulo} link={item.link_capa} author={item.autor} workType={item.cod_tipo_obra} />}
      {line}
      {/* For reference managers (decision 0027): Zotero offers to save the page's titles. */}
      <Coins source={item} href={href} />
      {basket && (
        <Button
          size="compact-sm"
          variant={basket.inBasket ? 'light' : 'default'}
          style={{ flex: 'none' }}
          aria-pressed={basket.inBasket}
          // The name starts with the button's visible words (WCAG 2.5.3); aria-pressed says it is in the basket.
          aria-label={t(basket.inBasket ? 'basket.inBasketTitle' : 'basket.addTitle', { title: item.titulo })}
          onClick={basket.onToggleBasket}
        >
          {basket.inBasket ? t('basket.inBasket') : t('basket.add')}
        </Button>
      )}
    </Group>
  );
}
