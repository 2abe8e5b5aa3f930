import { pesquisaSalvaBodySchema, SAVED_SEARCH_NAME_MAX } from '@estante/contracts/saved';
import { type SearchState, searchStateToParams } from '@estante/contracts/search';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NoticeView, useNotify } from '../../../ui/notify';
import { schemaResolver } from '../../../ui/schema-resolver';
import { useSavePesquisa } from '../api/post-pesquisa-salva';

type Values = { nome: string };

export function SaveSearchDialog({ state, label }: { state: SearchState; label: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { guia } = useParams();
  const save = useSavePesquisa();
  const notify = useNotify();
  const bodyOf = (values: Values) => ({
    nome: values.nome,
    consulta: searchStateToParams({ ...state, pagina: 1 }).toString(),
    ...(guia && /^[a-z0-9-]{1,60}$/.test(guia) ? { guia } : {}),
  });
  const form = useForm<Values>({ initialValues: { nome: '' }, validate: schemaResolver<Values>(pesquisaSalvaBodySchema, bodyOf, t) });
  const open = () => {
    notify.clear();
    form.setValues({ nome: label.slice(0, SAVED_SEARCH_NAME_MAX) });
    form.clearErrors();
    setOpened(true);
  };
  const submit = form.onSubmit((values) => {
    notify.clear();
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        setOpened(false);
        notify.toast(t('savedItems.saved', { name: saved.nome }));
      },
      onError: (error) => notify.failed(error),
    });
  });
  return (
    <>
      <Button variant="outline" color="blue.9" size="compact-sm" onClick={open} style={{ alignSelf: 'flex-start' }}>
        {t('savedItems.saveThis')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('savedItems.saveTitle')} closeButtonProps={{ 'aria-label': t('app.close') }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('savedItems.nameLabel')}
              description={t('savedItems.nameHelp', { max: SAVED_SEARCH_NAME_MAX })}
              maxLength={SAVED_SEARCH_NAME_MAX}
              required
              data-autofocus
              key={form.key('nome')}
              {...form.getInputProps('nome')}
            />
            {/* A problem with the search itself (not the name) is said here too. */}
            {form.errors.consulta && <NoticeView notice={{ text: String(form.errors.consulta), ok: false }} />}
            <NoticeView notice={notify.notice} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('savedItems.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('savedItems.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
