import type { ConsultaResponse, SearchFilter } from '@estante/contracts/search';
import { Button, Group, Pill } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Selected = ConsultaResponse['filtros'][number];

/**
 * A filter in force in words (spec §3 "Selected filter": tipo, codigo, descricao, campus): its
 * facet's name, the value's, and the value's campus when it has one ("Biblioteca: Biblioteca
 * Central (Campus Centro)").
 */
export function selectedFilterText(f: Selected, facetName: (tipo: Selected['tipo']) => string, t: TFunction): string {
  return t('search.selectedFilter', { facet: facetName(f.tipo), value: valueText(f, t) });
}

/** The value's name, with its campus when it has one. */
const valueText = (f: Selected, t: TFunction) => (f.campus ? t('search.valueWithCampus', { value: f.descricao, campus: f.campus }) : f.descricao);

/** The filters in force, each removable, and "clear all" (spec §4 "Filters"). */
export function FilterChips({
  filtros,
  facetas,
  onRemove,
  onClear,
}: {
  filtros: ConsultaResponse['filtros'];
  /** The answer's facets: their names name the filters' facets. */
  facetas: ConsultaResponse['facetas'];
  onRemove: (f: SearchFilter) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (filtros.length === 0) return null;
  const facetName = (tipo: Selected['tipo']) => facetas.find((f) => f.codigo === tipo)?.descricao ?? tipo;
  return (
    <Group gap="xs" aria-label={t('search.activeFilters')} role="group">
      {filtros.map((f) => {
        const text = selectedFilterText(f, facetName, t);
        return (
          <Pill
            key={`${f.tipo}:${f.codigo}`}
            withRemoveButton
            onRemove={() => onRemove(f)}
            // Mantine leaves the remove button out of the tab order; a keyboard must reach it too.
            removeButtonProps={{
              'aria-label': t('search.removeFilterOf', { name: valueText(f, t), facet: facetName(f.tipo) }),
              tabIndex: 0,
              'aria-hidden': false,
            }}
          >
            {text}
          </Pill>
        );
      })}
      <Button variant="subtle" size="compact-sm" onClick={onClear}>
        {t('search.clearFilters')}
      </Button>
    </Group>
  );
}
