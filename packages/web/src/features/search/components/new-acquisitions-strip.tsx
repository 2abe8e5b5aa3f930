import { newSearchState, type ResultadoAcervo, searchStateToParams } from '@estante/contracts/search';
import { Anchor, Box, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Cover } from '../../../ui/cover';
import { useConsulta } from '../api/get-consulta';

/** How many titles the front page shows: 12 fills rows of 1, 2, 3, 4 and 6 columns. */
export const STRIP_SIZE = 12;
/** On a phone (two columns) the first 8 only, so the guides below are not six rows away. */
const PHONE_SIZE = 8;
/** The longest period the new-acquisitions guide offers: the newest titles even in a quiet year. */
const STRIP_DAYS = 365;
const COVER_WIDTH = 96;
const COVER_HEIGHT = Math.round(COVER_WIDTH * 1.42);
// Every line has a fixed height, so a skeleton card and a card are the same size (no layout shift).
const LINE = 1.4;

/** The search behind the strip: a period without words comes newest first (spec §2 new acquisitions). */
const stripState = newSearchState({ novas: STRIP_DAYS, quantPag: STRIP_SIZE });

/** The new-acquisitions guide opened on the strip's period, compact as that guide shows it. */
export function allNewAcquisitionsHref(guidePath: string): string {
  const params = searchStateToParams(newSearchState({ novas: STRIP_DAYS }));
  params.set('exibicao', 'C');
  return `${guidePath}?${params}`;
}

/**
 * The front page's newest titles (issue 24): covers (drawn where missing), title, author and
 * year in a grid of cards, and a link to the new-acquisitions guide; skeleton cards of the
 * same size while they load.
 */
export function NewAcquisitionsStrip({ guidePath, titleHref }: { guidePath: string; titleHref: (cod: number) => string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useConsulta(stripState);
  return (
    <Box component="section" aria-labelledby="new-acquisitions-heading" aria-busy={isPending} mt="xl">
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={2} size="h3" id="new-acquisitions-heading">
          {t('home.newAcquisitions.heading')}
        </Title>
        <Anchor
          component={Link}
          to={allNewAcquisitionsHref(guidePath)}
          aria-label={t('home.newAcquisitions.seeAllLabel')}
          style={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
        >
          {t('home.newAcquisitions.seeAll')}
        </Anchor>
      </Group>
      {isError ? (
        <Text c="red.8">{t('errors.loadFailed')}</Text>
      ) : data && data.acervos.length === 0 ? (
        <Text>{t('home.newAcquisitions.none')}</Text>
      ) : (
        // Skeletons are hidden from assistive technology: the section is busy until the list comes.
        // The columns follow the room measured in rem (styles.css `.new-acquisitions-grid`), not the
        // screen's width: as the text grows there are fewer, so no title's word is cut (issue 55).
        <div className="new-acquisitions-room">
          <div role={data ? 'list' : undefined} aria-hidden={data ? undefined : true} className="new-acquisitions-grid">
            {data
              ? data.acervos.map((item, i) => <TitleCard key={item.cod_acervo} item={item} href={titleHref(item.cod_acervo)} phone={i < PHONE_SIZE} />)
              : Array.from({ length: STRIP_SIZE }, (_, i) => <SkeletonCard key={i} phone={i < PHONE_SIZE} />)}
          </div>
        </div>
      )}
    </Box>
  );
}

interface Frame {
  cover: ReactNode;
  title: ReactNode;
  author: ReactNode;
  year: ReactNode;
  listItem: boolean;
  /** Shown on a phone too; the others from the sm breakpoint (CSS, so nothing moves). */
  phone: boolean;
}

/** A card's frame: the cover's place and three lines of fixed height (title on two). */
function CardFrame({ cover, title, author, year, listItem, phone }: Frame) {
  return (
    <Paper role={listItem ? 'listitem' : undefined} visibleFrom={phone ? undefined : 'sm'} withBorder radius="sm" p="sm">
      <Box h={COVER_HEIGHT} mb="xs">
        {cover}
      </Box>
      <Box h={`${2 * LINE}em`} fz="sm" lh={LINE}>
        {title}
      </Box>
      <Box h={`${LINE}em`} fz="sm" lh={LINE}>
        {author}
      </Box>
      <Box h={`${LINE}em`} fz="sm" lh={LINE}>
        {year}
      </Box>
    </Paper>
  );
}

function TitleCard({ item, href, phone }: { item: ResultadoAcervo; href: string; phone: boolean }) {
  const { t } = useTranslation();
  return (
    <CardFrame
      listItem
      phone={phone}
      cover={<Cover title={item.titulo} link={item.link_capa} width={COVER_WIDTH} author={item.autor} workType={item.cod_tipo_obra} />}
      title={
        // The whole title stays the link's name (and its tooltip) even when two lines cut it.
        <Anchor component={Link} to={href} fw={600} fz="sm" lh={LINE} lineClamp={2} title={item.titulo}>
          {item.titulo}
        </Anchor>
      }
      author={
        <Text fz="sm" lh={LINE} truncate="end" title={item.autor ?? undefined}>
          {item.autor ?? ''}
        </Text>
      }
      year={
        <Text fz="sm" lh={LINE} c="gray.7">
          {item.ano_publicacao ?? t('search.noYear')}
        </Text>
      }
    />
  );
}

function SkeletonCard({ phone }: { phone: boolean }) {
  return (
    <CardFrame
      listItem={false}
      phone={phone}
      // As wide as a cover, never wider than its column (a phone at the largest text size).
      cover={<Skeleton width={COVER_WIDTH} maw="100%" height={COVER_HEIGHT} radius="sm" />}
      title={<Skeleton height="1em" width="90%" radius="sm" />}
      author={<Skeleton height="1em" width="60%" radius="sm" />}
      year={<Skeleton height="1em" width="30%" radius="sm" />}
    />
  );
}
