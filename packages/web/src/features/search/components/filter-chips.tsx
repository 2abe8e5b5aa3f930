import type { ConsultaResponse, SearchFilter } from '@estante/contracts/search';
import { Button, Group, Pill } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The filters in force, each removable, and "clear all" (spec §4 "Filters"). */
export function FilterChips({
  filtros,
  onRemove,
  onClear,
}: {
  filtros: ConsultaResponse['filtros'];
  onRemove: (f: SearchFilter) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (filtros.length === 0) return null;
  return (
    <Group gap="xs" aria-label={t('search.activeFilters')} role="group">
      {filtros.map((f) => (
        <Pill
          key={`${f.tipo}:${f.codigo}`}
          withRemoveButton
          onRemove={() => onRemove(f)}
          // Mantine leaves the remove button out of the tab order; a keyboard must reach it too.
          removeButtonProps={{ 'aria-label': t('search.removeFilter', { name: f.descricao }), tabIndex: 0, 'aria-hidden': false }}
        >
          {f.descricao}
        </Pill>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={onClear}>
        {t('search.clearFilters')}
      </Button>
    </Group>
  );
}
