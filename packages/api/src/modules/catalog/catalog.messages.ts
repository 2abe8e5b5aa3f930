import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';
import type { DeletionBlockers } from './catalog.queries.js';

/** The catalog module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('catalog', {
  AutoridadeNaoEncontrada: {
    pt: 'Autoridade {id} não encontrada.',
    en: 'Authority {id} was not found.',
    es: 'Autoridad {id} no encontrada.',
  },
  FasciculoJaRecebido: {
    pt: 'O fascículo de {mes}/{ano} já foi recebido.',
    en: 'The issue of {mes}/{ano} was already received.',
    es: 'El fascículo de {mes}/{ano} ya fue recibido.',
  },
  NenhumFasciculoEsperado: {
    pt: 'Nenhum fascículo é esperado: informe o ano e o mês, ou a assinatura com sua periodicidade.',
    en: 'No issue is expected: give the year and month, or the subscription with its frequency.',
    es: 'No se espera ningún fascículo: indique el año y el mes, o la suscripción con su periodicidad.',
  },
  FasciculoInexistente: {
    pt: 'Não há fascículo {id}.',
    en: 'There is no issue {id}.',
    es: 'No existe el fascículo {id}.',
  },
  FasciculoNaoEncontrado: {
    pt: 'O periódico {id} não tem o fascículo {seq}.',
    en: 'Serial {id} has no issue {seq}.',
    es: 'La publicación periódica {id} no tiene el fascículo {seq}.',
  },
  LinkNaoEncontrado: {
    pt: 'O título {id} não tem o link {seq}.',
    en: 'Title {id} has no link {seq}.',
    es: 'El título {id} no tiene el enlace {seq}.',
  },
  AnoInvalido: {
    pt: 'Ano {year} fora do intervalo aceito.',
    en: 'Year {year} is out of the accepted range.',
    es: 'Año {year} fuera del intervalo aceptado.',
  },
  BibliotecaNaoEncontrada: {
    pt: 'Biblioteca {id} não encontrada.',
    en: 'Library {id} not found.',
    es: 'Biblioteca {id} no encontrada.',
  },
  CursoNaoEncontrado: {
    pt: 'Curso {id} não encontrado.',
    en: 'Course {id} not found.',
    es: 'Curso {id} no encontrado.',
  },
  DisciplinaNaoEncontrada: {
    pt: 'Disciplina {id} não encontrada.',
    en: 'Discipline {id} not found.',
    es: 'Asignatura {id} no encontrada.',
  },
  ProfessorNaoEncontrado: {
    pt: 'Professor {id} não encontrado.',
    en: 'Professor {id} not found.',
    es: 'Profesor {id} no encontrado.',
  },
  // The cataloguing screens (cataloguing.service.ts, issue 57).
  ImportacaoEmAndamento: {
    pt: 'Uma importação já está em andamento ({arquivo}): aguarde o fim dela para enviar outro arquivo.',
    en: 'An import is already running ({arquivo}): wait for it to end before sending another file.',
    es: 'Ya hay una importación en curso ({arquivo}): espere a que termine para enviar otro archivo.',
  },
  ArquivoGrandeDemais: {
    pt: 'O arquivo passa de {max} MB: importe-o com npm run import.',
    en: 'The file is larger than {max} MB: import it with npm run import.',
    es: 'El archivo supera {max} MB: impórtelo con npm run import.',
  },
  ArquivoVazio: {
    pt: 'O arquivo enviado está vazio.',
    en: 'The file sent is empty.',
    es: 'El archivo enviado está vacío.',
  },
  MapaExemplaresInvalido: {
    pt: 'O mapeamento dos exemplares não serve: {motivo}',
    en: 'The copies mapping cannot be used: {motivo}',
    es: 'El mapeo de los ejemplares no sirve: {motivo}',
  },
  NenhumaImportacao: {
    pt: 'Nenhum arquivo foi importado por esta tela ainda.',
    en: 'No file has been imported from this screen yet.',
    es: 'Todavía no se importó ningún archivo desde esta pantalla.',
  },
  ExemplarNaoEncontrado: {
    pt: 'Exemplar {id} não encontrado.',
    en: 'Copy {id} was not found.',
    es: 'Ejemplar {id} no encontrado.',
  },
  TipoEmprestimoNaoEncontrado: {
    pt: 'Tipo de empréstimo {id} não encontrado.',
    en: 'Loan type {id} was not found.',
    es: 'Tipo de préstamo {id} no encontrado.',
  },
  TomboEmUso: {
    pt: 'O tombo {tombo} já é de outro exemplar.',
    en: 'Barcode {tombo} already belongs to another copy.',
    es: 'El registro {tombo} ya pertenece a otro ejemplar.',
  },
  ExemplarCirculando: {
    pt: 'O exemplar {tombo} está emprestado, reservado ou em trânsito: ele não pode ser baixado nem mudar de título ou biblioteca agora.',
    en: 'Copy {tombo} is on loan, on the hold shelf or in transit: it cannot be withdrawn, nor moved to another title or library, now.',
    es: 'El ejemplar {tombo} está prestado, reservado o en tránsito: no puede darse de baja ni cambiar de título o biblioteca ahora.',
  },
  ExemplarComHistorico: {
    pt: 'O exemplar {tombo} tem histórico ({tabelas}) e não pode ser apagado: marque-o como extraviado ou em processamento.',
    en: 'Copy {tombo} has a history ({tabelas}) and cannot be deleted: mark it lost or in processing instead.',
    es: 'El ejemplar {tombo} tiene historial ({tabelas}) y no puede borrarse: márquelo como extraviado o en procesamiento.',
  },
  TituloComExemplarCirculando: {
    pt: 'O título {id} não foi apagado: a circulação está com exemplares dele (emprestados, na estante de reservas ou em trânsito): {tombos}.',
    en: 'Title {id} was not deleted: circulation holds copies of it (on loan, on the hold shelf or in transit): {tombos}.',
    es: 'El título {id} no fue borrado: la circulación tiene ejemplares suyos (prestados, en el estante de reservas o en tránsito): {tombos}.',
  },
  TituloComHistorico: {
    pt: 'O título {id} não foi apagado: exemplares dele têm histórico (empréstimos, reservas, pedidos): {tombos}. Marque-os como extraviados ou em processamento.',
    en: 'Title {id} was not deleted: copies of it have a history (loans, holds, requests): {tombos}. Mark them lost or in processing instead.',
    es: 'El título {id} no fue borrado: ejemplares suyos tienen historial (préstamos, reservas, pedidos): {tombos}. Márquelos como extraviados o en procesamiento.',
  },
  TituloReferenciado: {
    pt: 'O título {id} não foi apagado: reservas, solicitações, comentários, planos de ensino ou outros registros se referem a ele.',
    en: 'Title {id} was not deleted: holds, requests, comments, teaching plans or other records refer to it.',
    es: 'El título {id} no fue borrado: reservas, solicitudes, comentarios, planes de enseñanza u otros registros se refieren a él.',
  },
  // The MARC record editor (record-editor.service.ts, issue 57).
  RegistroMarcInvalido: {
    pt: 'O registro não foi gravado: {detalhe}',
    en: 'The record was not saved: {detalhe}',
    es: 'El registro no se guardó: {detalhe}',
  },
  Marc_lider_invalido: { pt: 'o líder deve ter 24 posições.', en: 'the leader must have 24 positions.', es: 'la cabecera debe tener 24 posiciones.' },
  Marc_tag_invalida: { pt: 'a etiqueta {tag} não é válida.', en: 'tag {tag} is not valid.', es: 'la etiqueta {tag} no es válida.' },
  Marc_tag_desconhecida: {
    pt: 'o campo {tag} não existe no MARC 21.',
    en: 'field {tag} does not exist in MARC 21.',
    es: 'el campo {tag} no existe en MARC 21.',
  },
  Marc_campo_repetido: { pt: 'o campo {tag} não é repetível.', en: 'field {tag} is not repeatable.', es: 'el campo {tag} no es repetible.' },
  Marc_campo_obrigatorio: { pt: 'falta o campo {tag}.', en: 'field {tag} is missing.', es: 'falta el campo {tag}.' },
  Marc_indicador1_invalido: {
    pt: 'o campo {tag} não aceita "{valor}" no 1º indicador.',
    en: 'field {tag} does not take "{valor}" as its first indicator.',
    es: 'el campo {tag} no acepta "{valor}" en el 1.er indicador.',
  },
  Marc_indicador2_invalido: {
    pt: 'o campo {tag} não aceita "{valor}" no 2º indicador.',
    en: 'field {tag} does not take "{valor}" as its second indicator.',
    es: 'el campo {tag} no acepta "{valor}" en el 2.º indicador.',
  },
  Marc_subcampo_invalido: {
    pt: 'o campo {tag} não tem o subcampo ${valor}.',
    en: 'field {tag} has no subfield ${valor}.',
    es: 'el campo {tag} no tiene el subcampo ${valor}.',
  },
  Marc_subcampo_repetido: {
    pt: 'o subcampo ${valor} do campo {tag} não é repetível.',
    en: 'subfield ${valor} of field {tag} is not repeatable.',
    es: 'el subcampo ${valor} del campo {tag} no es repetible.',
  },
  Marc_campo_vazio: { pt: 'o campo {tag} está vazio.', en: 'field {tag} is empty.', es: 'el campo {tag} está vacío.' },
  Marc_tamanho_invalido: {
    pt: 'o campo {tag} não tem o tamanho fixo do MARC 21.',
    en: 'field {tag} is not of its MARC 21 fixed length.',
    es: 'el campo {tag} no tiene la longitud fija de MARC 21.',
  },
  Marc_numero_controle: {
    pt: 'o número de controle (001) deve continuar {valor}.',
    en: 'the control number (001) must stay {valor}.',
    es: 'el número de control (001) debe seguir siendo {valor}.',
  },
  Marc_tipo_registro: {
    pt: 'o líder/06 não é o deste tipo de registro.',
    en: 'leader/06 is not this kind of record’s.',
    es: 'la cabecera/06 no es la de este tipo de registro.',
  },
  Marc_derivacao: { pt: 'falta o título (245 $a).', en: 'the title (245 $a) is missing.', es: 'falta el título (245 $a).' },
  VersaoDesatualizada: {
    pt: 'O registro mudou desde que foi aberto (versão atual: {atual}). Reabra-o para ver a versão atual antes de gravar.',
    en: 'The record changed since it was opened (current version: {atual}). Open it again to see the current version before saving.',
    es: 'El registro cambió desde que se abrió (versión actual: {atual}). Ábralo de nuevo para ver la versión actual antes de guardar.',
  },
  VersaoNaoEncontrada: {
    pt: 'O título {id} não tem a versão {versao}.',
    en: 'Title {id} has no version {versao}.',
    es: 'El título {id} no tiene la versión {versao}.',
  },
});

/** The errors the catalog module throws: the common ones and its own. */
export const errors = {
  ...common,
  lookupNotFound: (missing: 'BibliotecaNaoEncontrada' | 'CursoNaoEncontrado' | 'DisciplinaNaoEncontrada' | 'ProfessorNaoEncontrado', id: number) =>
    messages.error(404, missing, { id }),
  authorityNotFound: (id: number) => messages.error(404, 'AutoridadeNaoEncontrada', { id }),
  yearInvalid: (year: number) => messages.error(400, 'AnoInvalido', { year }),
  issueNotFound: (id: number, seq: number) => messages.error(404, 'FasciculoNaoEncontrado', { id, seq }),
  issueReceived: (ano: number, mes: number) => messages.error(409, 'FasciculoJaRecebido', { ano, mes: String(mes).padStart(2, '0') }),
  noIssueExpected: () => messages.error(409, 'NenhumFasciculoEsperado'),
  issueMissing: (id: number) => messages.error(404, 'FasciculoInexistente', { id }),
  linkNotFound: (id: number, seq: number) => messages.error(404, 'LinkNaoEncontrado', { id, seq }),
  /** A record the editor may not save: `issue` is the message key of what is wrong (Marc_<code>), with the field's tag and the value at fault. */
  recordInvalid: (issue: string, params: { tag: string; valor?: string }) =>
    messages.error(400, 'RegistroMarcInvalido', { campo: params.tag }, (language) => ({
      detalhe: messages.t(issue as 'Marc_tag_invalida', language, { tag: params.tag, valor: params.valor ?? '' }),
    })),
  versionStale: (atual: string) => messages.error(409, 'VersaoDesatualizada', { atual }),
  versionNotFound: (id: number, versao: number) => messages.error(404, 'VersaoNaoEncontrada', { id, versao }),
  importRunning: (arquivo: string) => messages.error(409, 'ImportacaoEmAndamento', { arquivo }),
  fileTooLarge: (max: number) => messages.error(400, 'ArquivoGrandeDemais', { max }),
  fileEmpty: () => messages.error(400, 'ArquivoVazio'),
  holdingsMapInvalid: (motivo: string) => messages.error(400, 'MapaExemplaresInvalido', { motivo }),
  noUpload: () => messages.error(404, 'NenhumaImportacao'),
  copyNotFound: (id: number) => messages.error(404, 'ExemplarNaoEncontrado', { id }),
  loanTypeNotFound: (id: number) => messages.error(404, 'TipoEmprestimoNaoEncontrado', { id }),
  barcodeTaken: (tombo: string) => messages.error(409, 'TomboEmUso', { tombo }),
  copyCirculating: (tombo: string) => messages.error(409, 'ExemplarCirculando', { tombo }),
  copyHasHistory: (tombo: string, tabelas: string) => messages.error(409, 'ExemplarComHistorico', { tombo, tabelas }),
  /** Why a title was kept, the weightiest first: copies circulation holds, copies with a history, rows that name the title. */
  titleKept: (id: number, blockers: DeletionBlockers) =>
    blockers.circulating.length > 0
      ? messages.error(409, 'TituloComExemplarCirculando', { id, tombos: blockers.circulating.map((c) => c.tombo).join(', ') })
      : blockers.history.length > 0
        ? messages.error(409, 'TituloComHistorico', { id, tombos: blockers.history.map((c) => c.tombo).join(', ') })
        : messages.error(409, 'TituloReferenciado', { id }),
};
