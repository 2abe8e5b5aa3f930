import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

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
};
