import type { Colecao } from '@estante/contracts/basket';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBasket } from '../../../stores/basket';
import { ConfirmButton } from '../../../ui/confirm';
import { type Column, ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { type Period, PeriodForm } from '../period-form';
import { useDropPermanent, usePermanentBasket } from './permanent-basket.api';
import { dateFormat } from '../../../ui/dates';

type Item = Colecao['itens'][number];

/**
 * Meu Pergamum, "Cesta permanente" (issue 20): the titles the patron kept from the basket, newest
 * first — all, or those kept in a period; take one out (after a confirmation), or put the listed
 * ones back in the basket, where they are exported, copied or e-mailed.
 */
export function PermanentBasketPage({ titleHref }: { titleHref: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period | null>(null);
  const permanent = usePermanentBasket(period);
  const drop = useDropPermanent();
  const addMany = useBasket((b) => b.addMany);
  const notify = useNotify();
  const date = dateFormat(i18n.language);
  const items = permanent.data?.itens ?? [];
  const columns: Column<Item>[] = [
    {
      header: t('permanentBasket.title'),
      cell: (item) => (
        <>
          <Anchor component={Link} to={titleHref(item.cod_acervo)} underline="always">
            {item.titulo}
          </Anchor>
          {(item.autor || item.ano_publicacao) && <Text size="sm">{[item.autor, item.ano_publicacao].filter(Boolean).join(' · ')}</Text>}
        </>
      ),
    },
    { header: t('permanentBasket.keptOn'), cell: (item) => date.format(new Date(item.adicionado_em)) },
    {
      header: t('permanentBasket.actions'),
      cell: (item) => (
        <ConfirmButton
          label={t('permanentBasket.remove')}
          item={item.titulo}
          title={t('permanentBasket.removeTitle')}
          text={t('permanentBasket.removeText', { title: item.titulo })}
          keepLabel={t('permanentBasket.keep')}
          onConfirm={() => void notify.run(() => drop.mutateAsync(item.cod_acervo), t('permanentBasket.removed', { title: item.titulo }))}
        />
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Text>{t('permanentBasket.intro')}</Text>
      <PeriodForm onSubmit={setPeriod} />
      {period && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setPeriod(null)}>
            {t('permanentBasket.showAll')}
          </Button>
        </Group>
      )}
      <NoticeView notice={notify.notice} />
      <ListSection
        query={{ ...permanent, data: permanent.data?.itens }}
        errorText={t('permanentBasket.fetchError')}
        emptyText={period ? t('permanentBasket.noneInPeriod') : t('permanentBasket.none')}
        caption={period ? t('permanentBasket.captionPeriod', { count: items.length }) : t('permanentBasket.caption', { count: items.length })}
        columns={columns}
        rowKey={(item) => item.cod_acervo}
        footer={
          <Group mt="sm">
            <Button
              variant="outline"
              color="blue.9"
              onClick={() => notify.success(t('permanentBasket.toBasket', { count: addMany(items.map((i) => i.cod_acervo)) }))}
            >
              {t('permanentBasket.putInBasket', { count: items.length })}
            </Button>
          </Group>
        }
      />
    </Stack>
  );
}
