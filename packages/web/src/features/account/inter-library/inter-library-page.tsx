import { emprestimoInterSchema, requestsEndpoints } from '@estante/contracts';
import { api } from '../../../api/client';
import type { FieldSpec } from '../library-requests/request-form';
import { SingleRequestPage } from '../library-requests/section';

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
  return (
    <SingleRequestPage
      tipo="emprestimo-inter-bibliotecas"
      name="interLibrary"
      fields={FIELDS}
      schema={emprestimoInterSchema}
      send={(body) => api(requestsEndpoints.interLibrary, { body: body as never })}
    />
  );
}
