import { type KardexEquipe, serialsStaffEndpoints } from '@estante/contracts/catalog';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused } from '../../../ui/announcer';
import { useMonthWords } from './serial-words';
import { BODY_SCHEMAS, type SerialAt, useClaim, useIndexArticle } from './serials.api';

type Issue = KardexEquipe['fasciculos'][number];

/** The contract's limits: a claim's note and an article's title and authors, its pages. */
const TEXT_MAX = 500;
const PAGES_MAX = 50;

/** Text as the call takes it: trimmed, left out when blank. */
const given = (value: string) => value.trim() || undefined;

/** A claim of an issue that did not come, with what was said to the supplier; a refusal (409: it came) under it, the dialog kept. */
export function ClaimForm({ at, issue, onCancel, onDone }: { at: SerialAt; issue: Issue; onCancel: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const months = useMonthWords();
  const claim = useClaim();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useContractForm(serialsStaffEndpoints.claim, {
    schema: BODY_SCHEMAS.claim,
    initialValues: { nota: '' },
    toBody: (v) => ({ ano: issue.ano, mes: issue.mes, ...(given(v.nota) ? { nota: given(v.nota) } : {}) }),
  });
  const submit = form.onSubmit(async (body) => {
    setProblem(null);
    try {
      await claim.mutateAsync({ at, body });
      onDone(t('staffSerials.claim.done', { month: months.short(issue.ano, issue.mes) }));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffSerials.claim.form')} aria-busy={claim.isPending}>
      <Stack gap="sm">
        <Textarea
          label={t('staffSerials.claim.note')}
          description={t('staffSerials.claim.noteHelp')}
          maxLength={TEXT_MAX}
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('nota')}
        />
        <Refused text={problem} />
        <Group gap="sm">
          <Button type="submit" loading={claim.isPending}>
            {t('staffSerials.claim.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('staffSerials.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An article indexed at the end of a received issue's contents: title, authors, pages; a refusal under it, the dialog kept. */
export function ArticleForm({ issue, onCancel, onDone }: { issue: Issue & { cod_fasciculo: number }; onCancel: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const months = useMonthWords();
  const index = useIndexArticle();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useContractForm(serialsStaffEndpoints.indexArticle, {
    schema: BODY_SCHEMAS.indexArticle,
    initialValues: { titulo: '', autores: '', paginas: '' },
    toBody: (v) => ({
      titulo: v.titulo.trim(),
      ...(given(v.autores) ? { autores: given(v.autores) } : {}),
      ...(given(v.paginas) ? { paginas: given(v.paginas) } : {}),
    }),
  });
  const submit = form.onSubmit(async (body) => {
    setProblem(null);
    try {
      await index.mutateAsync({ id: issue.cod_fasciculo, body });
      onDone(t('staffSerials.article.done', { title: body.titulo, month: months.short(issue.ano, issue.mes) }));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffSerials.article.form')} aria-busy={index.isPending}>
      <Stack gap="sm">
        <TextInput label={t('staffSerials.article.title')} required maxLength={TEXT_MAX} data-autofocus {...form.getInputProps('titulo')} />
        <TextInput
          label={t('staffSerials.article.authors')}
          description={t('staffSerials.article.authorsHelp')}
          maxLength={TEXT_MAX}
          {...form.getInputProps('autores')}
        />
        <TextInput
          label={t('staffSerials.article.pages')}
          description={t('staffSerials.article.pagesHelp')}
          maxLength={PAGES_MAX}
          {...form.getInputProps('paginas')}
        />
        <Refused text={problem} />
        <Group gap="sm">
          <Button type="submit" loading={index.isPending}>
            {t('staffSerials.article.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('staffSerials.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
