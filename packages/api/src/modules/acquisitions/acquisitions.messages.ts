import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** Acquisition suggestions' texts in pt, en and es: the statuses of §4, the errors, the e-mails. */
export const messages = defineMessages('acquisitions', {
  'status.aguardando_entrega': { pt: 'Aguardando entrega', en: 'Awaiting delivery', es: 'Esperando entrega' },
  'status.atendida': { pt: 'Atendida', en: 'Attended', es: 'Atendida' },
  'status.cancelada': { pt: 'Cancelada', en: 'Cancelled', es: 'Cancelada' },
  'status.duplicada': { pt: 'Duplicada', en: 'Duplicated', es: 'Duplicada' },
  'status.em_cotacao': { pt: 'Em cotação', en: 'In quote', es: 'En cotización' },
  'status.esgotada': { pt: 'Esgotada', en: 'Out of print', es: 'Agotada' },
  'status.finalizada_incompleta': { pt: 'Finalizada incompleta', en: 'Finished incomplete', es: 'Finalizada incompleta' },
  'status.ja_existe': { pt: 'Já existe no acervo', en: 'Already in the collection', es: 'Ya existe en el acervo' },
  'status.nao_atendida': { pt: 'Não atendida', en: 'Not attended', es: 'No atendida' },
  'status.nao_localizada': { pt: 'Não localizada', en: 'Not found', es: 'No localizada' },
  'status.parcialmente_atendida': { pt: 'Parcialmente atendida', en: 'Partially attended', es: 'Parcialmente atendida' },
  'status.em_negociacao': { pt: 'Em negociação', en: 'Trading', es: 'En negociación' },
  'status.pre_sugestao': { pt: 'Pré-sugestão', en: 'Pre-suggestion', es: 'Presugerencia' },
  'status.sugestao_compra': { pt: 'Sugestão de compra', en: 'Purchase suggestion', es: 'Sugerencia de compra' },
  SugestaoNaoEncontrada: {
    pt: 'Sugestão de aquisição {id} não encontrada.',
    en: 'Acquisition suggestion {id} not found.',
    es: 'Sugerencia de adquisición {id} no encontrada.',
  },
  PedidoCompraNaoEncontrado: {
    pt: 'Pedido de compra {id} não encontrado.',
    en: 'Purchase order {id} not found.',
    es: 'Pedido de compra {id} no encontrado.',
  },
  AcaoNaoPermitida: {
    pt: 'A sugestão {id} está "$t(status.{status})": não é possível $t(action.{action}) agora.',
    en: 'Suggestion {id} is "$t(status.{status})": it cannot be $t(action.{action}) now.',
    es: 'La sugerencia {id} está "$t(status.{status})": no es posible $t(action.{action}) ahora.',
  },
  'action.aceitar': { pt: 'aceitá-la como sugestão de compra', en: 'taken up as a purchase suggestion', es: 'aceptarla como sugerencia de compra' },
  'action.cotar': { pt: 'cotá-la', en: 'quoted', es: 'cotizarla' },
  'action.negociar': { pt: 'negociá-la', en: 'traded', es: 'negociarla' },
  'action.recusar': { pt: 'recusá-la', en: 'refused', es: 'rechazarla' },
  'action.entregar': { pt: 'registrar entrega', en: 'delivered', es: 'registrar entrega' },
  'action.pedir': { pt: 'incluí-la em um pedido de compra', en: 'ordered', es: 'incluirla en un pedido de compra' },
  SugestaoDeOutraBiblioteca: {
    pt: 'A sugestão {id} é para outra biblioteca; um pedido de compra reúne sugestões de uma biblioteca só.',
    en: 'Suggestion {id} is for another library; a purchase order holds suggestions of one library only.',
    es: 'La sugerencia {id} es para otra biblioteca; un pedido de compra reúne sugerencias de una sola biblioteca.',
  },
  EntregaAlemDoPedido: {
    pt: 'Foram pedidos {ordered} exemplares e {delivered} já chegaram: não cabem mais {now}.',
    en: '{ordered} copies were ordered and {delivered} have arrived: {now} more do not fit.',
    es: 'Se pidieron {ordered} ejemplares y {delivered} ya llegaron: no caben {now} más.',
  },
  TituloParaSituacao: {
    pt: 'Informe o título do acervo (acervo) que já existe ou duplica esta sugestão.',
    en: 'Give the catalogue title (acervo) that already exists or duplicates this suggestion.',
    es: 'Indique el título del acervo (acervo) que ya existe o duplica esta sugerencia.',
  },
  PedidoEncerrado: {
    pt: 'O pedido de compra {id} já foi encerrado.',
    en: 'Purchase order {id} is already closed.',
    es: 'El pedido de compra {id} ya fue cerrado.',
  },
  ErroEmailSolicitante: {
    pt: 'Não foi possível avisar {name} por e-mail. Nada foi alterado; tente novamente mais tarde.',
    en: '{name} could not be told by e-mail. Nothing was changed; please try again later.',
    es: 'No fue posible avisar a {name} por correo. No se cambió nada; inténtelo de nuevo más tarde.',
  },
  'mail.subject': {
    pt: 'Sua sugestão de aquisição nº {id}: {status}',
    en: 'Your acquisition suggestion no. {id}: {status}',
    es: 'Su sugerencia de adquisición n.º {id}: {status}',
  },
  'mail.body': {
    pt: 'Olá, {name}.\n\nSua sugestão de aquisição nº {id} ("{title}", {library}) agora está: {status}.{detail}{note}\n\nAcompanhe em Meu Pergamum, Consulta de sugestões.',
    en: 'Hello, {name}.\n\nYour acquisition suggestion no. {id} ("{title}", {library}) is now: {status}.{detail}{note}\n\nFollow it in Meu Pergamum, Suggestion query.',
    es: 'Hola, {name}.\n\nSu sugerencia de adquisición n.º {id} ("{title}", {library}) ahora está: {status}.{detail}{note}\n\nSígala en Meu Pergamum, Consulta de sugerencias.',
  },
  'mail.ordered': {
    pt: '\nIncluída no pedido de compra nº {order}{estimate}.',
    en: '\nIncluded in purchase order no. {order}{estimate}.',
    es: '\nIncluida en el pedido de compra n.º {order}{estimate}.',
  },
  'mail.estimate': { pt: ', entrega prevista para {date}', en: ', delivery expected on {date}', es: ', entrega prevista para el {date}' },
  'mail.delivered': {
    pt: '\nExemplares recebidos: {delivered} de {ordered}.',
    en: '\nCopies received: {delivered} of {ordered}.',
    es: '\nEjemplares recibidos: {delivered} de {ordered}.',
  },
  'mail.title': { pt: '\nNo catálogo: {url}', en: '\nIn the catalogue: {url}', es: '\nEn el catálogo: {url}' },
  'mail.note': { pt: '\n\nNota da biblioteca: {note}', en: "\n\nThe library's note: {note}", es: '\n\nNota de la biblioteca: {note}' },
});

/** The errors acquisitions throw: the common ones and their own. */
export const errors = {
  ...common,
  suggestionNotFound: (id: number) => messages.error(404, 'SugestaoNaoEncontrada', { id }),
  orderNotFound: (id: number) => messages.error(404, 'PedidoCompraNaoEncontrado', { id }),
  actionNotAllowed: (id: number, status: string, action: string) => messages.error(409, 'AcaoNaoPermitida', { id, status, action }),
  otherLibrary: (id: number) => messages.error(422, 'SugestaoDeOutraBiblioteca', { id }),
  beyondOrder: (ordered: number, delivered: number, now: number) => messages.error(422, 'EntregaAlemDoPedido', { ordered, delivered, now }),
  titleForStatus: () => messages.error(422, 'TituloParaSituacao'),
  orderClosed: (id: number) => messages.error(409, 'PedidoEncerrado', { id }),
  patronMailFailed: (name: string) => messages.error(502, 'ErroEmailSolicitante', { name }),
};
