import { pesquisaEspecializadaSchema, requestsEndpoints } from '@estante/contracts/requests';
import { api } from '../../../api/client';
import type { FieldSpec } from '../requests/request-form';
import { SingleRequestPage } from '../requests/request-section';

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
  return (
    <SingleRequestPage
      tipo="pesquisa-especializada"
      name="specialised"
      fields={FIELDS}
      schema={pesquisaEspecializadaSchema}
      send={(body) => api(requestsEndpoints.specialised, { body: body as never })}
    />
  );
}
