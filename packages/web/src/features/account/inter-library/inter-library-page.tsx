import { emprestimoInterSchema, requestsEndpoints } from '@estante/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useSendRequest } from '../library-requests/library-requests.api';
import { type FieldSpec, RequestForm } from '../library-requests/request-form';
import { RequestHistory } from '../library-requests/request-history';
import { RequestSection } from '../library-requests/section';

const FIELDS: FieldSpec[] = [
  { name: 'instituicao', kind: 'text', required: true, label: 'requestForms.fields.instituicao_acervo', help: 'requestForms.holdingHelp' },
  { name: 'titulo', kind: 'text', required: true },
  { name: 'autor', kind: 'text' },
  { name: 'ano', kind: 'number', min: 1500, max: 2999 },
  { name: 'isbn', kind: 'text' },
  { name: 'biblioteca', kind: 'library', required: true, label: 'requestForms.fields.biblioteca_retirada' },
  { name: 'email', kind: 'email', required: true },
  { name: 'observacao', kind: 'textarea' },
];

/** Meu Pergamum, "Empréstimo entre bibliotecas": a title another institution holds, to pick up here; those asked for. */
export function InterLibraryPage() {
  const { t } = useTranslation();
  const send = useSendRequest((body: Record<string, unknown>) => api(requestsEndpoints.interLibrary, { body: body as never }));
  return (
    <RequestSection intro={t('requestForms.intro.interLibrary')}>
      {(start) => (
        <>
          <RequestForm
            heading={t('requestForms.headings.interLibrary')}
            fields={FIELDS}
            schema={emprestimoInterSchema}
            start={start}
            send={send.mutateAsync}
            busy={send.isPending}
          />
          <RequestHistory tipo="emprestimo-inter-bibliotecas" heading={t('requestForms.history.emprestimo-inter-bibliotecas')} />
        </>
      )}
    </RequestSection>
  );
}
