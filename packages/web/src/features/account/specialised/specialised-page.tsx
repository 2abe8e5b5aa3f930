import { pesquisaEspecializadaSchema, requestsEndpoints } from '@estante/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useSendRequest } from '../library-requests/library-requests.api';
import { type FieldSpec, RequestForm } from '../library-requests/request-form';
import { RequestHistory } from '../library-requests/request-history';
import { RequestSection } from '../library-requests/section';

const FIELDS: FieldSpec[] = [
  { name: 'biblioteca', kind: 'library', required: true },
  { name: 'assunto', kind: 'text', required: true },
  { name: 'objetivo', kind: 'textarea', required: true, help: 'requestForms.purposeHelp' },
  { name: 'fontes', kind: 'textarea' },
  { name: 'idiomas', kind: 'text' },
  { name: 'ano_inicio', kind: 'number', min: 1500, max: 2999 },
  { name: 'ano_fim', kind: 'number', min: 1500, max: 2999 },
  { name: 'prazo', kind: 'date' },
  { name: 'email', kind: 'email', required: true },
  { name: 'observacao', kind: 'textarea' },
];

/** Meu Pergamum, "Pesquisa especializada": a search by a librarian, and those asked for. */
export function SpecialisedPage() {
  const { t } = useTranslation();
  const send = useSendRequest((body: Record<string, unknown>) => api(requestsEndpoints.specialised, { body: body as never }));
  return (
    <RequestSection intro={t('requestForms.intro.specialised')}>
      {(start) => (
        <>
          <RequestForm
            heading={t('requestForms.headings.specialised')}
            fields={FIELDS}
            schema={pesquisaEspecializadaSchema}
            start={start}
            send={send.mutateAsync}
            busy={send.isPending}
          />
          <RequestHistory tipo="pesquisa-especializada" heading={t('requestForms.history.pesquisa-especializada')} />
        </>
      )}
    </RequestSection>
  );
}
