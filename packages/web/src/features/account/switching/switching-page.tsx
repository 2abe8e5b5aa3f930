import {
  comutacaoArtigoSchema,
  comutacaoParteSchema,
  comutacaoTeseSchema,
  requestsEndpoints,
  SWITCHING_KINDS,
  type SwitchingKind,
  THESIS_DEGREES,
} from '@estante/contracts/requests';
import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useSendRequest } from '../requests/requests.api';
import { type FieldSpec, RequestForm } from '../requests/request-form';
import { RequestHistory } from '../requests/request-history';
import { RequestSection } from '../requests/request-section';

const CONTACT: FieldSpec[] = [
  { name: 'email', kind: 'email', required: true },
  { name: 'observacao', kind: 'textarea' },
];

/** What each kind of copy asks for (spec §3 Article/part request). */
function fieldsOf(kind: SwitchingKind, degree: (d: string) => string): FieldSpec[] {
  const library: FieldSpec = { name: 'biblioteca', kind: 'library', required: true };
  if (kind === 'artigo')
    return [
      library,
      { name: 'titulo_artigo', kind: 'text', required: true },
      { name: 'titulo_periodico', kind: 'text', required: true },
      { name: 'ano', kind: 'number', required: true, min: 1500, max: 2999 },
      { name: 'numero', kind: 'text' },
      { name: 'pagina_inicial', kind: 'number', required: true, min: 1 },
      { name: 'pagina_final', kind: 'number', required: true, min: 1 },
      ...CONTACT,
    ];
  if (kind === 'parte')
    return [
      library,
      { name: 'titulo_parte', kind: 'text', required: true },
      { name: 'autor_parte', kind: 'text' },
      { name: 'titulo_obra', kind: 'text', required: true },
      { name: 'ano', kind: 'number', min: 1500, max: 2999 },
      { name: 'paginas', kind: 'pages', required: true, help: 'requestForms.pagesHelp' },
      ...CONTACT,
    ];
  return [
    library,
    { name: 'titulo', kind: 'text', required: true },
    { name: 'autor', kind: 'text', required: true },
    { name: 'grau', kind: 'select', required: true, options: THESIS_DEGREES, optionLabel: degree },
    { name: 'instituicao', kind: 'text' },
    { name: 'ano', kind: 'number', required: true, min: 1500, max: 2999 },
    ...CONTACT,
  ];
}

const SCHEMAS = { artigo: comutacaoArtigoSchema, parte: comutacaoParteSchema, tese: comutacaoTeseSchema };

/** Meu Pergamum, "Comutação bibliográfica": a copy of an article, a part or chapter, or a thesis; the requests made. */
export function SwitchingPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<SwitchingKind>('artigo');
  const send = useSendRequest((body: Record<string, unknown>) => api(requestsEndpoints.switching, { params: { tipo: kind }, body }));
  return (
    <RequestSection intro={t('requestForms.intro.switching')}>
      {(start) => (
        <Stack gap="lg">
          <SegmentedControl
            aria-label={t('requestForms.kindLabel')}
            value={kind}
            onChange={(v) => setKind(v as SwitchingKind)}
            data={SWITCHING_KINDS.map((k) => ({ value: k, label: t(`requestForms.kinds.${k}`) }))}
            w="fit-content"
          />
          <RequestForm
            key={kind}
            heading={t(`requestForms.headings.${kind}`)}
            fields={fieldsOf(kind, (d) => t(`requestForms.degrees.${d}`))}
            schema={SCHEMAS[kind]}
            start={start}
            send={send.mutateAsync}
            busy={send.isPending}
          />
          <RequestHistory tipo="comutacao-bibliografica" heading={t('requestForms.history.comutacao-bibliografica')} />
        </Stack>
      )}
    </RequestSection>
  );
}
