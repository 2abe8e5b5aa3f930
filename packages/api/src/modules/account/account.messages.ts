import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The account module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('account', {
  DebitoNaoEncontrado: {
    pt: 'Débito {id} não encontrado entre os seus débitos em aberto.',
    en: 'Debt {id} is not one of your open debts.',
    es: 'Débito {id} no encontrado entre sus débitos abiertos.',
  },
  ValorAcimaDoDevido: {
    pt: 'O valor da guia ({valor}) passa do que há a pagar ({devido}).',
    en: 'The slip’s amount ({valor}) is more than what is left to pay ({devido}).',
    es: 'El importe de la guía ({valor}) supera lo que queda por pagar ({devido}).',
  },
  SemDebitos: {
    pt: 'Não há débitos a pagar.',
    en: 'There is nothing to pay.',
    es: 'No hay débitos por pagar.',
  },
  DeclaracaoNaoEncontrada: {
    pt: 'Declaração de nada consta {codigo} não encontrada.',
    en: 'No-debts declaration {codigo} not found.',
    es: 'Declaración de paz y salvo {codigo} no encontrada.',
  },
  SemEmail: {
    pt: 'Seu cadastro não tem e-mail. Procure a biblioteca para atualizá-lo.',
    en: 'Your record has no e-mail address. Ask the library to update it.',
    es: 'Su registro no tiene correo electrónico. Contacte con la biblioteca para actualizarlo.',
  },
  NadaConstaEmprestimos_one: {
    pt: 'Há {count} empréstimo em aberto: devolva o exemplar.',
    en: 'There is {count} open loan: return the copy.',
    es: 'Hay {count} préstamo abierto: devuelva el ejemplar.',
  },
  NadaConstaEmprestimos_other: {
    pt: 'Há {count} empréstimos em aberto: devolva os exemplares.',
    en: 'There are {count} open loans: return the copies.',
    es: 'Hay {count} préstamos abiertos: devuelva los ejemplares.',
  },
  NadaConstaDebitos: {
    pt: 'Há débitos de {total} a pagar.',
    en: 'There are debts of {total} to pay.',
    es: 'Hay débitos de {total} por pagar.',
  },
  NadaConstaPendencias: {
    pt: 'A declaração de nada consta não pode ser emitida: {reasons}',
    en: 'The no-debts declaration cannot be issued: {reasons}',
    es: 'La declaración de paz y salvo no puede emitirse: {reasons}',
  },
  NadaConstaAfastamento: {
    pt: 'Nada consta emitido: vínculo com as bibliotecas encerrado',
    en: 'No-debts declaration issued: link with the libraries ended',
    es: 'Paz y salvo emitido: vínculo con las bibliotecas terminado',
  },
  // The payment slip and the no-debts declaration (PDF and e-mail).
  // Their file names (before the reference or code), in the reader's language.
  'file.slip': {
    pt: 'guia-de-recolhimento',
    en: 'payment-slip',
    es: 'guia-de-pago',
  },
  'file.declaration': {
    pt: 'nada-consta',
    en: 'no-debts-declaration',
    es: 'paz-y-salvo',
  },
  'document.slip': {
    pt: 'Guia de recolhimento',
    en: 'Payment slip',
    es: 'Guía de pago',
  },
  'document.payer': {
    pt: 'Contribuinte',
    en: 'Payer',
    es: 'Contribuyente',
  },
  'document.library': {
    pt: 'Biblioteca',
    en: 'Library',
    es: 'Biblioteca',
  },
  'document.reference': {
    pt: 'Número de referência',
    en: 'Reference number',
    es: 'Número de referencia',
  },
  'document.issued': {
    pt: 'Emissão',
    en: 'Issued',
    es: 'Emisión',
  },
  'document.due': {
    pt: 'Vencimento',
    en: 'Due date',
    es: 'Vencimiento',
  },
  'document.total': {
    pt: 'Valor a pagar',
    en: 'Amount due',
    es: 'Importe a pagar',
  },
  'document.line': {
    pt: 'Linha digitável',
    en: 'Payment line',
    es: 'Línea de pago',
  },
  'document.debts': {
    pt: 'Débitos',
    en: 'Debts',
    es: 'Débitos',
  },
  'document.slipNote': {
    pt: 'Pague no banco ou na tesouraria da instituição até o vencimento; o pagamento é registrado pela biblioteca.',
    en: 'Pay at a bank or the institution’s cashier by the due date; the library records the payment.',
    es: 'Pague en el banco o en la tesorería de la institución hasta el vencimiento; la biblioteca registra el pago.',
  },
  'document.declaration': {
    pt: 'Declaração de nada consta',
    en: 'No-debts declaration',
    es: 'Declaración de paz y salvo',
  },
  'document.code': {
    pt: 'Código de verificação',
    en: 'Verification code',
    es: 'Código de verificación',
  },
  'document.verify': {
    pt: 'Confirme a autenticidade na biblioteca informando o código de verificação.',
    en: 'Confirm it is authentic at the library with the verification code.',
    es: 'Confirme la autenticidad en la biblioteca con el código de verificación.',
  },
  'document.person': {
    pt: 'Pessoa',
    en: 'Person',
    es: 'Persona',
  },
  'document.column.debt': {
    pt: 'Débito',
    en: 'Debt',
    es: 'Débito',
  },
  'document.column.origin': {
    pt: 'Origem',
    en: 'Origin',
    es: 'Origen',
  },
  'document.column.amount': {
    pt: 'Valor',
    en: 'Amount',
    es: 'Importe',
  },
  'document.column.discount': {
    pt: 'Desconto',
    en: 'Discount',
    es: 'Descuento',
  },
  'document.column.paid': {
    pt: 'Pago',
    en: 'Paid',
    es: 'Pagado',
  },
  'document.column.balance': {
    pt: 'Saldo',
    en: 'Balance',
    es: 'Saldo',
  },
  'document.service.multa_atraso': {
    pt: 'Multa por atraso',
    en: 'Late fine',
    es: 'Multa por atraso',
  },
  'document.service.perda_material': {
    pt: 'Perda de material',
    en: 'Lost material',
    es: 'Pérdida de material',
  },
  'document.service.comutacao': {
    pt: 'Comutação',
    en: 'Document supply',
    es: 'Conmutación',
  },
  'document.service.reprografia': {
    pt: 'Reprografia',
    en: 'Reprography',
    es: 'Reprografía',
  },
  'document.declares': {
    pt: 'A {institution} declara que {name} não possui empréstimos em aberto nem débitos com as suas bibliotecas na data desta declaração.',
    en: '{institution} declares that {name} has no open loans and no debts with its libraries on the date of this declaration.',
    es: '{institution} declara que {name} no tiene préstamos abiertos ni débitos con sus bibliotecas en la fecha de esta declaración.',
  },
});

/** The errors the account module throws: the common ones and its own. */
export const errors = {
  ...common,
  noDebtsPending: (reasons: string) => messages.error(422, 'NadaConstaPendencias', { reasons }),
  debtNotFound: (id: number) => messages.error(404, 'DebitoNaoEncontrado', { id }),
  nothingToPay: () => messages.error(422, 'SemDebitos'),
  moreThanOwed: (valor: string, devido: string) => messages.error(422, 'ValorAcimaDoDevido', { valor, devido }),
  declarationNotFound: (codigo: string) => messages.error(404, 'DeclaracaoNaoEncontrada', { codigo }),
  noEmail: () => messages.error(422, 'SemEmail'),
};
