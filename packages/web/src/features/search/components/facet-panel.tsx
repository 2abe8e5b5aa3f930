import type { Faceta, SearchFilter } from '@estante/contracts/search';
import { Button, Stack, Title } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainCheckbox } from './plain-checkbox';

const SHOWN = 5;

/** One facet: its values with counts as checkboxes (OR within the facet), "show more" past five. */
function FacetGroup({ faceta, selected, onToggle }: { faceta: Faceta; selected: SearchFilter[]; onToggle: (f: SearchFilter) => void }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const isOn = (codigo: string) => selected.some((f) => f.tipo === faceta.codigo && f.codigo === codigo);
  const items = faceta.itens.filter((i) => i.total > 0 || isOn(i.codigo));
  if (items.length === 0) return null;
  const visible = all ? items : items.slice(0, SHOWN);
  return (
    <Stack gap={6} component="section" aria-labelledby={`facet-${faceta.codigo}`}>
      <Title order={3} size="h5" id={`facet-${faceta.codigo}`}>
        {faceta.descricao}
      </Title>
      {visible.map((item) => (
        <PlainCheckbox
          key={item.codigo}
          label={`${item.descricao} (${item.total})`}
          checked={isOn(item.codigo)}
          onChange={() => onToggle({ tipo: faceta.codigo, codigo: item.codigo })}
        />
      ))}
      {items.length > SHOWN && (
        <Button variant="subtle" size="compact-sm" onClick={() => setAll((v) => !v)} aria-expanded={all} style={{ alignSelf: 'flex-start' }}>
          {all ? t('search.showLess') : t('search.showMore', { count: items.length - SHOWN })}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The facet sidebar (spec §9): the facets the server sends, in its order, with its names. Its
 * hundred-odd values are plain checkboxes (plain-checkbox.tsx): drawn with Mantine's, they were
 * most of the results page's one long script task (issue 55).
 */
export const FacetPanel = memo(
  Facets,
  // Drawn again only for other facets or other filters: not when the results page redraws for anything else.
  (a, b) => a.facetas === b.facetas && a.onToggle === b.onToggle && filterKey(a.selected) === filterKey(b.selected),
);

const filterKey = (filters: SearchFilter[]) => filters.map((f) => `${f.tipo}:${f.codigo}`).join(' ');

function Facets({ facetas, selected, onToggle }: { facetas: Faceta[]; selected: SearchFilter[]; onToggle: (f: SearchFilter) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" component="nav" aria-label={t('search.facetsLabel')}>
      {/* The facets' own h2, so that their h3s follow a heading of the level above (the count's h2 sits beside the list). */}
      <Title order={2} size="h4">
        {t('search.facetsHeading')}
      </Title>
      {facetas.map((f) => (
        <FacetGroup key={f.codigo} faceta={f} selected={selected} onToggle={onToggle} />
      ))}
    </Stack>
  );
}
