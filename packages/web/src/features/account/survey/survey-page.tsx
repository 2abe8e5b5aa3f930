import { levantamentoSchema, PUBLICATION_TYPES, requestsEndpoints } from '@estante/contracts/requests';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { FieldSpec } from '../requests/request-form';
import { SingleRequestPage } from '../requests/request-section';

/** Meu Pergamum, "Levantamento bibliográfico" (spec §3 Bibliographic survey): the form and the surveys asked for. */
export function SurveyPage() {
  const { t } = useTranslation();
  const fields: FieldSpec[] = [
    { name: 'biblioteca', kind: 'library', required: true },
    { name: 'assunto', kind: 'text', required: true },
    { name: 'delimitacao', kind: 'textarea', help: 'requestForms.delimitationHelp' },
    { name: 'idioma', kind: 'text' },
    { name: 'assunto_outro_idioma', kind: 'text' },
    { name: 'ano_inicio', kind: 'number', min: 1500, max: 2999 },
    { name: 'ano_fim', kind: 'number', min: 1500, max: 2999 },
    { name: 'tipos_publicacao', kind: 'checks', required: true, options: PUBLICATION_TYPES, optionLabel: (p) => t(`requestForms.publicationTypes.${p}`) },
    { name: 'palavras_chave', kind: 'text' },
    { name: 'email', kind: 'email', required: true },
    { name: 'observacao', kind: 'textarea' },
  ];
  return (
    <SingleRequestPage
      tipo="levantamento-bibliografico"
      name="survey"
      fields={fields}
      schema={levantamentoSchema}
      send={(body) => api(requestsEndpoints.survey, { body: body as never })}
    />
  );
}
