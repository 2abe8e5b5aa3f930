import { type Ficha, fichaSchema, type Pedido, requestsEndpoints, SHEET_DEGREES, sheetText } from '@estante/contracts/requests';
import { Box, Button, Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api, downloadFile } from '../../../api/client';
import { useNotify } from '../../../ui/notify';
import { useSendRequest } from '../requests/requests.api';
import { type FieldSpec, RequestForm } from '../requests/request-form';
import { RequestHistory } from '../requests/request-history';
import { RequestSection } from '../requests/request-section';

/** Meu Pergamum, "Ficha catalográfica": the thesis's data, the sheet previewed as it is typed, the sheets asked for and their PDFs. */
export function SheetPage() {
  const { t } = useTranslation();
  const send = useSendRequest((body: Record<string, unknown>) => api(requestsEndpoints.sheet, { body: body as never }));
  const notify = useNotify();
  const fields: FieldSpec[] = [
    { name: 'biblioteca', kind: 'library', required: true },
    { name: 'autor_sobrenome', kind: 'text', required: true, help: 'requestForms.surnameHelp' },
    { name: 'autor_nome', kind: 'text', required: true },
    { name: 'titulo', kind: 'text', required: true },
    { name: 'subtitulo', kind: 'text' },
    { name: 'orientador', kind: 'text', required: true },
    { name: 'coorientador', kind: 'text' },
    { name: 'grau', kind: 'select', required: true, options: SHEET_DEGREES, optionLabel: (d) => t(`requestForms.degrees.${d}`) },
    { name: 'programa', kind: 'text', required: true, help: 'requestForms.programmeHelp' },
    { name: 'instituicao', kind: 'text', required: true, initial: (start) => start.instituicao },
    { name: 'local', kind: 'text', required: true },
    { name: 'ano', kind: 'number', required: true, min: 1500, max: 2999 },
    { name: 'folhas_preliminares', kind: 'number', min: 0, max: 200, help: 'requestForms.preliminaryHelp' },
    { name: 'pagina_folha_rosto', kind: 'number', required: true, min: 1 },
    { name: 'pagina_resumo', kind: 'number', required: true, min: 1 },
    { name: 'pagina_introducao', kind: 'number', required: true, min: 1 },
    { name: 'bibliografia_inicio', kind: 'number', required: true, min: 1 },
    { name: 'bibliografia_fim', kind: 'number', required: true, min: 1 },
    { name: 'total_paginas', kind: 'number', required: true, min: 1 },
    { name: 'ilustracoes', kind: 'check' },
    { name: 'palavras_chave', kind: 'tags', required: true },
    { name: 'email', kind: 'email', required: true },
    { name: 'observacao', kind: 'textarea' },
  ];
  const download = (path: string, body?: unknown) => void downloadFile(path, body).catch((error: unknown) => notify.failed(error));
  const pdfOf = (r: Pedido) =>
    r.ficha_pronta ? (
      <Button size="compact-sm" variant="outline" color="blue.9" onClick={() => download(`/api/solicitacoes/ficha-catalografica/${r.cod_solicitacao}/pdf`)}>
        {t('requestForms.sheetPdf', { id: r.cod_solicitacao })}
      </Button>
    ) : (
      <Text size="sm">{t('requestForms.sheetPending')}</Text>
    );
  return (
    <RequestSection intro={t('requestForms.intro.sheet')}>
      {(start) => (
        <>
          <RequestForm
            heading={t('requestForms.headings.sheet')}
            fields={fields}
            schema={fichaSchema}
            start={start}
            send={send.mutateAsync}
            busy={send.isPending}
            aside={(ficha) => <SheetPreview ficha={ficha as Ficha | null} />}
            actions={(ficha) => (
              <Button variant="outline" color="blue.9" disabled={!ficha} onClick={() => download('/api/solicitacoes/ficha-catalografica/previa', ficha)}>
                {t('requestForms.draftPdf')}
              </Button>
            )}
          />
          {notify.notice && <Text c="red.9">{notify.notice.text}</Text>}
          <RequestHistory tipo="ficha-catalografica" heading={t('requestForms.history.ficha-catalografica')} action={pdfOf} />
        </>
      )}
    </RequestSection>
  );
}

/** The sheet as it will be printed (the same text the PDF has), while the form is valid. */
function SheetPreview({ ficha }: { ficha: Ficha | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const text = ficha && sheetText(ficha, { classificacao: null, cutter: null });
  return (
    <Box component="section" aria-labelledby={headingId} aria-live="polite">
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t('requestForms.preview')}
      </Title>
      {!text ? (
        <Text size="sm">{t('requestForms.previewWaiting')}</Text>
      ) : (
        <Paper withBorder p="sm" maw="12.5cm" mih="7.5cm" ff="'Times New Roman', serif" fz="sm" style={{ borderColor: 'black' }}>
          <Text ff="inherit" fz="inherit" pl="1.2cm">
            {text.heading}
          </Text>
          {text.body.map((paragraph, i) =>
            paragraph.split('\n').map((line, j) => (
              <Text key={`${i}-${j}`} ff="inherit" fz="inherit" pl="1.7cm" mt={i > 1 && j === 0 ? 'xs' : 0}>
                {line}
              </Text>
            )),
          )}
          <Text ff="inherit" fz="inherit" ta="right" mt="sm">
            {t('requestForms.classificationPending')}
          </Text>
        </Paper>
      )}
    </Box>
  );
}
