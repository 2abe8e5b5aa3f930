import type { TituloPerfil } from '@estante/contracts/interest';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBasket } from '../../../stores/basket';
import { type Column, ListSection } from '../../../ui/list-section';
import { type Period, PeriodForm } from '../period-form';
import { useProfileTitles } from './check-titles.api';
import { dateFormat } from '../../../ui/dates';

/**
 * Meu Pergamum, "Verificar títulos" (spec §9): the titles the interest profile matches, catalogued
 * in the last month up to today, or in a period (both dates, the start first); each links to its
 * record and goes to the basket.
 */
export function CheckTitlesPage({ titleHref }: { titleHref: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period | null>(null);
  const titles = useProfileTitles(period);
  const basket = useBasket();
  const date = dateFormat(i18n.language);
  const columns: Column<TituloPerfil>[] = [
    {
      header: t('holds.title'),
      cell: (x) => (
        <>
          <Anchor component={Link} to={titleHref(x.cod_acervo)} underline="always">
            {x.titulo}
          </Anchor>
          <Text size="sm">{[x.autor, x.ano_publicacao, x.desc_tipo_obra].filter(Boolean).join(' · ')}</Text>
        </>
      ),
    },
    { header: t('alerts.reason'), cell: (x) => x.motivo },
    { header: t('checkTitles.catalogued'), cell: (x) => date.format(new Date(x.catalogado_em)) },
    {
      header: t('checkTitles.basket'),
      cell: (x) =>
        basket.items.includes(x.cod_acervo) ? (
          <Text size="sm">{t('checkTitles.inBasket')}</Text>
        ) : (
          <Button
            aria-label={`${t('checkTitles.addToBasket')}: ${x.titulo}`}
            size="compact-sm"
            variant="outline"
            color="blue.9"
            onClick={() => basket.addMany([x.cod_acervo])}
          >
            {t('checkTitles.addToBasket')}
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="sm">
      <Text>{period ? t('checkTitles.inPeriod') : t('checkTitles.lastMonth')}</Text>
      <PeriodForm onSubmit={setPeriod} />
      <ListSection
        query={titles}
        errorText={t('checkTitles.fetchError')}
        emptyText={t('checkTitles.none')}
        caption={t('account.checkTitles')}
        columns={columns}
        rowKey={(x) => x.cod_acervo}
        minWidth={640}
      />
    </Stack>
  );
}
