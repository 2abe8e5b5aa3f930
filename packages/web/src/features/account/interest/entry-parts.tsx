import type { EntradaPerfil } from '@estante/contracts/interest';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../ui/confirm';
import type { useNotify } from '../../../ui/notify';

/** The profile's one notice, shared by its tabs. */
export type Notify = ReturnType<typeof useNotify>;

/** The description, marked when past its validity (it matches nothing until renewed). */
export function Described({ entry }: { entry: EntradaPerfil }) {
  const { t } = useTranslation();
  return (
    <>
      {entry.descricao}
      {entry.expirada && (
        <Badge ml={6} size="sm" color="gray.8">
          {t('interest.expired')}
        </Badge>
      )}
    </>
  );
}

/** The remove button, after a confirmation. */
export function RemoveButton({ entry, onRemove }: { entry: EntradaPerfil; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      label={t('interest.remove')}
      item={entry.descricao}
      title={t('interest.removeTitle')}
      text={t('interest.removeText', { item: entry.descricao })}
      keepLabel={t('holds.keep')}
      onConfirm={onRemove}
    />
  );
}
