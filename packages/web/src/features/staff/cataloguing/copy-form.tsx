import { type CatalogCopy, cataloguingEndpoints, CATALOGUER_STATUSES } from '@estante/contracts/catalog';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { Refused, type Say } from '../../../ui/announcer';
import { useContractForm } from '../../../ui/use-contract-form';
import { BODY_SCHEMAS, useAddCopy, useCataloguingOptions, useEditCopy } from './cataloguing.api';

type Status = (typeof CATALOGUER_STATUSES)[number];

/** The form's fields as typed and chosen. */
interface CopyValues {
  [field: string]: unknown;
  tombo: string;
  cod_biblioteca: string;
  cod_tipo_emprestimo: string;
  localizacao: string;
  colecao: string;
  volume: string;
  material: string;
  situacao: string;
  acervo_fechado: boolean;
  cod_acervo: string;
}

function valuesOf(copy: CatalogCopy | null, acervo: number): CopyValues {
  return {
    tombo: copy?.tombo ?? '',
    cod_biblioteca: copy ? String(copy.cod_biblioteca) : '',
    cod_tipo_emprestimo: copy ? String(copy.cod_tipo_emprestimo) : '',
    localizacao: copy?.localizacao ?? '',
    colecao: copy?.colecao ?? '',
    volume: copy?.volume ?? '',
    material: copy?.material ?? '',
    situacao: copy?.situacao ?? 'disponivel',
    acervo_fechado: copy?.acervo_fechado ?? false,
    cod_acervo: String(acervo),
  };
}

const optional = (v: string) => (v.trim() ? v.trim() : null);

/**
 * A copy added to a title, or one edited: barcode, library (changed: the copy moves), loan type,
 * call number, collection, volume, material, status (those a cataloguer sets; circulation sets the
 * others) and, on an edit, the title it belongs to (changed: the copy moves there). Checked with
 * the call's own schema; the outcome said in the section's live region.
 */
export function CopyForm({
  acervo,
  copy,
  say,
  onDone,
  onCancel,
}: {
  acervo: number;
  copy: CatalogCopy | null;
  say: Say;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const options = useCataloguingOptions();
  const add = useAddCopy();
  const edit = useEditCopy();
  const [refusal, setRefusal] = useState<string | null>(null);
  const circulating = copy !== null && !(CATALOGUER_STATUSES as readonly string[]).includes(copy.situacao);
  const common = (v: CopyValues) => ({
    tombo: v.tombo,
    cod_biblioteca: Number(v.cod_biblioteca) || 0,
    cod_tipo_emprestimo: Number(v.cod_tipo_emprestimo) || 0,
    localizacao: v.localizacao,
    colecao: optional(v.colecao),
    volume: optional(v.volume),
    material: optional(v.material),
    acervo_fechado: v.acervo_fechado,
    ...(circulating ? {} : { situacao: v.situacao as Status }),
  });
  const rules = (v: CopyValues) => ({
    cod_biblioteca: v.cod_biblioteca ? null : t('staffCataloguing.copyForm.libraryRule'),
    cod_tipo_emprestimo: v.cod_tipo_emprestimo ? null : t('staffCataloguing.copyForm.loanTypeRule'),
    cod_acervo: /^[1-9]\d{0,8}$/.test(v.cod_acervo.trim()) ? null : t('staffCataloguing.copyForm.titleRule'),
  });
  const addForm = useContractForm(cataloguingEndpoints.addCopy, {
    schema: BODY_SCHEMAS.addCopy,
    initialValues: valuesOf(null, acervo),
    toBody: common,
    rules,
  });
  const editForm = useContractForm(cataloguingEndpoints.editCopy, {
    schema: BODY_SCHEMAS.editCopy,
    initialValues: valuesOf(copy, acervo),
    toBody: (v) => ({ ...common(v), cod_acervo: Number(v.cod_acervo.trim()) || 0 }),
    rules,
  });
  const form = copy ? editForm : addForm;

  const submitAdd = addForm.onSubmit(async (body) => {
    setRefusal(null);
    try {
      await add.mutateAsync({ acervo, body });
      addForm.reset();
      say(t('staffCataloguing.copyForm.added', { barcode: body.tombo.trim() }));
      onDone();
    } catch (error) {
      setRefusal(messageOf(error, t('errors.unexpected')));
    }
  });
  const submitEdit = editForm.onSubmit(async (body) => {
    setRefusal(null);
    try {
      const title = await edit.mutateAsync({ id: copy!.cod_exemplar, from: acervo, body });
      say(
        title.cod_acervo === acervo
          ? t('staffCataloguing.copyForm.saved', { barcode: body.tombo.trim() })
          : t('staffCataloguing.copyForm.movedTitle', { barcode: body.tombo.trim(), title: title.titulo, number: title.cod_acervo }),
      );
      onDone();
    } catch (error) {
      setRefusal(messageOf(error, t('errors.unexpected')));
    }
  });

  const pending = add.isPending || edit.isPending;
  const heading = copy ? t('staffCataloguing.copyForm.editHeading', { barcode: copy.tombo }) : t('staffCataloguing.copyForm.addHeading');
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {heading}
      </Title>
      <form onSubmit={copy ? submitEdit : submitAdd} noValidate aria-labelledby={headingId} aria-busy={pending}>
        <Stack gap="sm" maw={820}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('staffCataloguing.copy.barcode')} required maxLength={50} autoComplete="off" {...form.getInputProps('tombo')} />
            <TextInput label={t('staffCataloguing.copy.location')} required maxLength={200} autoComplete="off" {...form.getInputProps('localizacao')} />
            <NativeSelect
              label={t('staffCataloguing.copy.library')}
              description={copy ? t('staffCataloguing.copyForm.libraryMoves') : undefined}
              required
              disabled={circulating}
              data={[
                { value: '', label: t('staffCataloguing.copyForm.choose') },
                ...(options.data?.bibliotecas ?? []).map((b) => ({ value: String(b.cod_biblioteca), label: b.nome })),
              ]}
              {...form.getInputProps('cod_biblioteca')}
            />
            <NativeSelect
              label={t('staffCataloguing.copy.loanType')}
              required
              data={[
                { value: '', label: t('staffCataloguing.copyForm.choose') },
                ...(options.data?.tipos_emprestimo ?? []).map((lt) => ({ value: String(lt.cod_tipo_emprestimo), label: lt.descricao })),
              ]}
              {...form.getInputProps('cod_tipo_emprestimo')}
            />
            <TextInput label={t('staffCataloguing.copy.collection')} maxLength={200} autoComplete="off" {...form.getInputProps('colecao')} />
            <TextInput label={t('staffCataloguing.copy.volume')} maxLength={50} autoComplete="off" {...form.getInputProps('volume')} />
            <TextInput label={t('staffCataloguing.copy.material')} maxLength={200} autoComplete="off" {...form.getInputProps('material')} />
            {circulating ? (
              <TextInput
                label={t('staffCataloguing.copy.status')}
                value={t(`staffCataloguing.statuses.${copy!.situacao}`)}
                readOnly
                description={t('staffCataloguing.copyForm.circulating')}
              />
            ) : (
              <NativeSelect
                label={t('staffCataloguing.copy.status')}
                data={CATALOGUER_STATUSES.map((s) => ({ value: s, label: t(`staffCataloguing.statuses.${s}`) }))}
                {...form.getInputProps('situacao')}
              />
            )}
            {copy && (
              <TextInput
                label={t('staffCataloguing.copyForm.title')}
                description={t('staffCataloguing.copyForm.titleHelp')}
                inputMode="numeric"
                maxLength={9}
                autoComplete="off"
                disabled={circulating}
                {...form.getInputProps('cod_acervo')}
              />
            )}
          </SimpleGrid>
          <Checkbox label={t('staffCataloguing.copy.closedStacks')} {...form.getInputProps('acervo_fechado', { type: 'checkbox' })} />
          <Refused text={refusal} />
          <Group>
            <Button type="submit" loading={pending}>
              {copy ? t('staffCataloguing.copyForm.save') : t('staffCataloguing.copyForm.add')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('staffCataloguing.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
