import { type AcervoRede } from '@estante/contracts/network';
import { emprestimoInterSchema, requestsEndpoints } from '@estante/contracts/requests';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../api/client';
import { useAcervoRede } from '../../../api/network';
import type { FieldSpec } from '../requests/request-form';
import { SingleRequestPage } from '../requests/request-section';

/** The form's fields; started from a partner network record (`?rede=`) when the patron came from one. */
function fieldsFor(record: AcervoRede | undefined, note: string): FieldSpec[] {
  const from = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? undefined : () => String(value));
  return [
    {
      name: 'instituicao',
      kind: 'text',
      required: true,
      label: 'requestForms.fields.instituicao_acervo',
      help: 'requestForms.holdingHelp',
      initial: from(record?.instituicao.desc_empresa),
    },
    { name: 'titulo', kind: 'text', required: true, initial: from(record?.titulo) },
    { name: 'autor', kind: 'text', initial: from(record?.autor) },
    { name: 'ano', kind: 'number', min: 1500, max: 2999 },
    { name: 'isbn', kind: 'text', initial: from(record?.isbn[0]) },
    { name: 'biblioteca', kind: 'library', required: true, label: 'requestForms.fields.biblioteca_retirada' },
    { name: 'email', kind: 'email', required: true },
    { name: 'observacao', kind: 'textarea', initial: from(record ? `${note} ${record.link ?? record.identificador}` : undefined) },
  ];
}

/**
 * Meu Pergamum, "Empréstimo entre bibliotecas": a title another institution holds, to pick up
 * here; those asked for. From a partner network record (issue 22) the form starts filled in with
 * it, the record's address in the note for the library.
 */
export function InterLibraryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rede = /^\d{1,9}$/.test(params.get('rede') ?? '') ? Number(params.get('rede')) : null;
  const record = useAcervoRede(rede);
  if (rede !== null && record.isPending) {
    return (
      <Text c="gray.7" aria-busy>
        {t('common.loading')}
      </Text>
    );
  }
  return (
    <SingleRequestPage
      key={record.data?.cod_acervo ?? 'blank'}
      tipo="emprestimo-inter-bibliotecas"
      name="interLibrary"
      fields={fieldsFor(record.data, t('network.illNote'))}
      schema={emprestimoInterSchema}
      send={(body) => api(requestsEndpoints.interLibrary, { body: body as never })}
    />
  );
}
