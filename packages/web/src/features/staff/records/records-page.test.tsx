import { type MarcRecordBody, type PreviaRegistro, recordEditorEndpoints as calls, type RegistroTitulo } from '@estante/contracts/catalog';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, Refusal, renderScreen } from '../../../test/render';
import { sectionsFor } from '../sections';
import { RecordsPage } from './records-page';

const sf = (code: string, value: string) => ({ code, value });
const RECORD: MarcRecordBody = {
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '001', value: 'ed-1' },
    { tag: '008', value: '200101s1987    bl            000 0 por d' },
    { tag: '100', ind1: '1', ind2: ' ', subfields: [sf('a', 'Freire, Paulo.')] },
    { tag: '245', ind1: '1', ind2: '0', subfields: [sf('a', 'Pedagogia do oprimido :'), sf('b', 'primeira edição')] },
    { tag: '500', ind1: ' ', ind2: ' ', subfields: [sf('a', 'Nota.')] },
  ],
};
const subtitleOf = (record: MarcRecordBody) => {
  const f = record.fields.find((x) => x.tag === '245');
  return f && 'subfields' in f ? f.subfields.find((s) => s.code === 'b')?.value : undefined;
};

/** The editor's API over one title at version 1: a save from the current version makes version 2, from another is refused. */
function editorApi() {
  let current: RegistroTitulo = {
    cod_acervo: 7,
    numero_controle: 'ed-1',
    titulo: 'Pedagogia do oprimido',
    versao: 1,
    atualizado_em: '2026-04-01T10:00:00.000000Z',
    registro: RECORD,
  };
  const preview = (record: MarcRecordBody): PreviaRegistro => ({
    problemas: [],
    titulo: `Pedagogia do oprimido ${subtitleOf(record)}`,
    responsabilidade: null,
    autor: 'Freire, Paulo',
    autores_secundarios: [],
    assuntos: [],
    edicao: null,
    local: null,
    editora: null,
    ano_publicacao: 1987,
    descricao_fisica: null,
    serie: null,
    notas: null,
    isbn: [],
    issn: [],
    desc_tipo_obra: 'Livro',
    referencia: { cod_acervo: 7, estilo: 'abnt', texto: `FREIRE, Paulo. Pedagogia do oprimido: ${subtitleOf(record)}. 1987.`, html: '' },
  });
  return [
    answer(calls.findTitles, [{ cod_acervo: 7, numero_controle: 'ed-1', titulo: 'Pedagogia do oprimido', autor: 'Freire, Paulo', ano_publicacao: 1987 }]),
    answer(calls.title, () => current),
    answer(calls.versions, () => [
      { versao: current.versao, atual: true, criada_em: '2026-04-01T10:00:00.000000Z', substituida_em: null, substituida_por: null },
      ...(current.versao > 1
        ? [{ versao: 1, atual: false, criada_em: '2026-03-01T10:00:00.000000Z', substituida_em: '2026-04-01T10:00:00.000000Z', substituida_por: 'pessoa:3' }]
        : []),
    ]),
    answer(calls.preview, ({ body }) => preview((body as { registro: MarcRecordBody }).registro)),
    answer(calls.saveTitle, ({ body }) => {
      const { versao, registro } = body as { versao: number; registro: MarcRecordBody };
      if (versao !== current.versao) return new Refusal(409, 'O registro mudou desde que foi aberto.', 'VersaoDesatualizada');
      current = { ...current, versao: versao + 1, registro };
      return current;
    }),
  ];
}

async function openTitle(view: ReturnType<typeof renderScreen>) {
  await view.user.type(screen.getByLabelText('Palavras do título ou número de controle'), 'oprimido');
  await view.user.click(screen.getByRole('button', { name: 'Buscar' }));
  await view.user.click(await screen.findByRole('button', { name: 'Editar o registro de Pedagogia do oprimido' }));
  return screen.findByLabelText('Campo 245, subcampo b');
}

describe('the MARC record editor', () => {
  it('is offered to cataloguing staff only', () => {
    expect(sectionsFor(['catalogacao']).map((s) => s.segment)).toContain('registros');
    expect(sectionsFor(['circulacao']).map((s) => s.segment)).not.toContain('registros');
  });

  it('finds a title, previews a changed 245 $b and saves it as a new version, the confirmation taking the focus', async () => {
    const sent = fakeApi(...editorApi());
    const view = renderScreen(<RecordsPage />);
    const subtitle = await openTitle(view);
    expect(screen.getByRole('heading', { name: 'Pedagogia do oprimido (versão 1)' })).toBeTruthy();
    // The leader and 008 by named positions.
    expect((screen.getByLabelText('06 — Type of record') as HTMLSelectElement).value).toBe('a');
    expect(screen.getByLabelText('18-21 — Illustrations')).toBeTruthy();
    await view.user.clear(subtitle);
    await view.user.type(subtitle, 'edição revista');
    await view.user.click(screen.getByRole('button', { name: 'Pré-visualizar' }));
    expect(await screen.findByText('FREIRE, Paulo. Pedagogia do oprimido: edição revista. 1987.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Pré-visualização/ }));
    await view.user.click(screen.getByRole('button', { name: 'Gravar como nova versão' }));
    const done = await screen.findByText('Registro gravado: esta é a versão 2.');
    await waitFor(() => expect(document.activeElement).toBe(done.closest('[tabindex="-1"]')));
    const put = sent.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ versao: 1 });
    expect(subtitleOf((put?.body as { registro: MarcRecordBody }).registro)).toBe('edição revista');
    expect(await screen.findByRole('button', { name: 'Abrir a versão 1 no editor' })).toBeTruthy();
  });

  it('checks the tag table as it is typed, shows each problem beside its field and refuses the save', async () => {
    const sent = fakeApi(...editorApi());
    const view = renderScreen(<RecordsPage />);
    await openTitle(view);
    expect(screen.getByRole('button', { name: 'Repetir o campo 500' })).toBeTruthy();
    const tag = screen.getByLabelText('Etiqueta do 5º campo');
    await view.user.clear(tag);
    await view.user.type(tag, '123');
    expect(await screen.findByText('O campo 123 não existe no MARC 21.')).toBeTruthy();
    expect(screen.getByText('1 problema no registro, indicado junto ao campo.')).toBeTruthy();
    const ind = screen.getByLabelText('Campo 245, 1º indicador');
    await view.user.clear(ind);
    await view.user.type(ind, '9');
    expect(await screen.findByText('O campo 245 não aceita “9” no 1º indicador.')).toBeTruthy();
    // A non-repeatable field offers no “Repetir”; added by its tag, it is refused beside it.
    expect(screen.queryByRole('button', { name: 'Repetir o campo 100' })).toBeNull();
    await view.user.type(screen.getByLabelText('Etiqueta do novo campo'), '100');
    await view.user.click(screen.getByRole('button', { name: 'Adicionar campo' }));
    expect(screen.getByText('O campo 100 não é repetível. O campo 100 não aceita “#” no 1º indicador. O campo 100 está vazio.')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Gravar como nova versão' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'O registro não foi gravado: corrija os 5 problemas indicados junto aos campos.',
      ),
    );
    expect(sent.some((c) => c.method === 'PUT')).toBe(false);
  });
});
