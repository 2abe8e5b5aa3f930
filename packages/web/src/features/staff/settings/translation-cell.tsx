import { settingsEndpoints, traducaoBodySchema } from '@estante/contracts/parameters';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { useContractForm } from '../../../ui/use-contract-form';
import type { Tell } from './announcer';
import { useTranslate, type ValueNames } from './settings.api';
import { focusFirstInvalid, useFollowServer } from './words';

/** The longest name the call takes (the contract's limit). */
const TEXT_MAX = traducaoBodySchema.shape.texto.maxLength ?? undefined;

/**
 * A value's name in one language, in its cell: a field and its button (Enter saves too), checked
 * with the call's own schema. Saved, the outcome is announced and the focus stays; emptied, the
 * name is removed (the site then shows the Portuguese one). Refused, the server's words show on
 * the field and are announced at once.
 */
export function TranslationCell({ value, language, tell }: { value: ValueNames; language: 'en' | 'es'; tell: Tell }) {
  const { t } = useTranslation();
  const save = useTranslate();
  const initial = { texto: value[language] ?? '' };
  const form = useContractForm(settingsEndpoints.translate, {
    schema: traducaoBodySchema,
    initialValues: initial,
    toBody: (v) => ({ tipo: value.tipo, valor: value.valor, idioma: language, texto: v.texto.trim() }),
  });
  useFollowServer(form, initial);
  const words = { value: value.valor, language: t(`staffSettings.translations.languageName.${language}`) };

  const submit = form.onSubmit(async (body) => {
    if (save.isPending) return;
    try {
      const now = await save.mutateAsync(body);
      const saved = now.find((v) => v.tipo === value.tipo && v.valor === value.valor)?.[language] ?? null;
      form.setValues({ texto: saved ?? '' });
      form.resetDirty({ texto: saved ?? '' });
      tell(true, saved === null ? t('staffSettings.translations.removed', words) : t('staffSettings.translations.done', { ...words, text: saved }), false);
    } catch (error) {
      const said = messageOf(error, t('errors.unexpected'));
      form.setFieldError('texto', said);
      tell(false, said, false);
    }
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={t('staffSettings.translations.nameIn', words)}
          autoComplete="off"
          lang={language}
          maxLength={TEXT_MAX}
          miw="12rem"
          style={{ flex: 1 }}
          {...form.getInputProps('texto')}
        />
        {/* Not `loading`: Mantine disables a loading button, and the focus, which stays here, would be lost. */}
        <Button type="submit" variant="default" aria-label={t('staffSettings.translations.saveOne', words)}>
          {t('staffSettings.translations.save')}
        </Button>
      </Group>
    </form>
  );
}
