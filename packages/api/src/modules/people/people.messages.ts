import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The patron's own record: personal data, swapping registrations, LGPD — its messages and the library's e-mail, in pt, en and es. */
export const messages = defineMessages('people', {
  LeitorNaoEncontrado: {
    pt: 'Leitor {id} não encontrado.',
    en: 'Patron {id} not found.',
    es: 'Lector {id} no encontrado.',
  },
  LoginEmUso: {
    pt: 'O login {login} já está em uso.',
    en: 'The login {login} is already in use.',
    es: 'El usuario {login} ya está en uso.',
  },
  BibliotecaInexistente: {
    pt: 'Não há biblioteca {id}.',
    en: 'There is no library {id}.',
    es: 'No existe la biblioteca {id}.',
  },
  NotaNaoEncontrada: {
    pt: 'Este leitor não tem a nota {id}.',
    en: 'This patron has no note {id}.',
    es: 'Este lector no tiene la nota {id}.',
  },
  CategoriaInexistente: {
    pt: 'Não há categoria {codigo}.',
    en: 'There is no category {codigo}.',
    es: 'No existe la categoría {codigo}.',
  },
  LeitorSemLogin: {
    pt: 'O leitor não tem login ativo: não há como recuperar a senha.',
    en: 'The patron has no active login: there is no password to recover.',
    es: 'El lector no tiene usuario activo: no hay contraseña que recuperar.',
  },
  DadosPessoaisAlterados: {
    pt: 'Dados pessoais alterados com sucesso.',
    en: 'Personal data changed.',
    es: 'Datos personales modificados con éxito.',
  },
  CpfProcureBiblioteca: {
    pt: 'Seu cadastro não tem CPF. Procure a biblioteca para informá-lo.',
    en: 'Your record has no tax number (CPF). Contact the library to add it.',
    es: 'Su registro no tiene CPF. Contacte con la biblioteca para informarlo.',
  },
  CpfEmUso: {
    pt: 'Este CPF pertence a outro cadastro. Procure a biblioteca.',
    en: 'This tax number (CPF) belongs to another record. Contact the library.',
    es: 'Este CPF pertenece a otro registro. Contacte con la biblioteca.',
  },
  DepartamentoInexistente: {
    pt: 'O departamento {id} não existe.',
    en: 'Department {id} does not exist.',
    es: 'El departamento {id} no existe.',
  },
  UsuarioNaoVinculado: {
    pt: 'O usuário "{user}" não é um dos seus vínculos com a biblioteca.',
    en: 'User "{user}" is not one of your registrations with the library.',
    es: 'El usuario "{user}" no es uno de sus vínculos con la biblioteca.',
  },
  UsuarioJaEmUso: {
    pt: 'Você já está usando o vínculo "{user}".',
    en: 'You are already using registration "{user}".',
    es: 'Ya está usando el vínculo "{user}".',
  },
  ExclusaoPendencias: {
    pt: 'A exclusão dos seus dados não pode ser pedida enquanto houver pendências: {reasons}',
    en: 'Erasure of your data cannot be requested while something is pending: {reasons}',
    es: 'La eliminación de sus datos no puede solicitarse mientras haya pendientes: {reasons}',
  },
  ExclusaoJaPedida: {
    pt: 'Você já tem um pedido de exclusão de dados em aberto (nº {id}). A biblioteca responderá por e-mail.',
    en: 'You already have an open request for erasure of your data (no. {id}). The library will answer by e-mail.',
    es: 'Ya tiene una solicitud de eliminación de datos abierta (n.º {id}). La biblioteca responderá por correo electrónico.',
  },
  ExclusaoSemDestino: {
    pt: 'A biblioteca não tem e-mail para receber o pedido. Procure-a pessoalmente.',
    en: 'The library has no e-mail address to receive the request. Contact it in person.',
    es: 'La biblioteca no tiene correo electrónico para recibir la solicitud. Contáctela en persona.',
  },
  ExclusaoEnviada: {
    pt: 'Pedido de exclusão de dados nº {id} enviado à biblioteca. A resposta virá por e-mail.',
    en: 'Request no. {id} for erasure of your data sent to the library. The answer will come by e-mail.',
    es: 'Solicitud n.º {id} de eliminación de datos enviada a la biblioteca. La respuesta llegará por correo electrónico.',
  },
  ErroEmailBiblioteca: {
    pt: 'Não foi possível enviar o pedido por e-mail à biblioteca: nada foi registrado. Tente novamente mais tarde.',
    en: 'The request could not be e-mailed to the library: nothing was recorded. Please try again later.',
    es: 'No fue posible enviar la solicitud por correo electrónico a la biblioteca: no se registró nada. Inténtelo más tarde.',
  },
  'mail.erasure.subject': {
    pt: 'LGPD: pedido de exclusão de dados nº {id} — {name}',
    en: 'LGPD: request no. {id} for erasure of data — {name}',
    es: 'LGPD: solicitud n.º {id} de eliminación de datos — {name}',
  },
  'mail.erasure.body': {
    pt: '{name} (código de pessoa {person}, categoria {category}) pede a exclusão dos seus dados pessoais (LGPD, art. 18, VI).\n\nLogins: {logins}\nE-mail: {email}\nMotivo: {reason}\n\nNa data do pedido não há empréstimos em aberto nem débitos a pagar. Responda ao usuário pelo e-mail acima.\nPedido nº {id}.',
    en: '{name} (person code {person}, category {category}) asks for the erasure of their personal data (LGPD, art. 18, VI).\n\nLogins: {logins}\nE-mail: {email}\nReason: {reason}\n\nOn the day of the request there are no open loans and no debts to pay. Answer the patron at the e-mail above.\nRequest no. {id}.',
    es: '{name} (código de persona {person}, categoría {category}) solicita la eliminación de sus datos personales (LGPD, art. 18, VI).\n\nLogins: {logins}\nCorreo electrónico: {email}\nMotivo: {reason}\n\nEn la fecha de la solicitud no hay préstamos abiertos ni débitos por pagar. Responda al usuario en el correo de arriba.\nSolicitud n.º {id}.',
  },
  'mail.none': {
    pt: '(não informado)',
    en: '(not given)',
    es: '(no informado)',
  },
  // The name of the file of everything the library keeps about the patron, in the reader's language.
  'file.myData': { pt: 'meus-dados', en: 'my-data', es: 'mis-datos' },
});

/** The errors of the patron's own record: the common ones and its own. */
export const errors = {
  ...common,
  taxNumberMissing: () => messages.error(422, 'CpfProcureBiblioteca'),
  personNotFound: (id: number) => messages.error(404, 'LeitorNaoEncontrado', { id }),
  loginTaken: (login: string) => messages.error(409, 'LoginEmUso', { login }),
  categoryMissing: (codigo: string) => messages.error(422, 'CategoriaInexistente', { codigo }),
  libraryMissing: (id: number) => messages.error(422, 'BibliotecaInexistente', { id }),
  noteNotFound: (id: number) => messages.error(404, 'NotaNaoEncontrada', { id }),
  noLoginToRecover: () => messages.error(422, 'LeitorSemLogin'),
  taxNumberTaken: () => messages.error(422, 'CpfEmUso'),
  departmentMissing: (id: number) => messages.error(422, 'DepartamentoInexistente', { id }),
  userNotLinked: (user: string) => messages.error(422, 'UsuarioNaoVinculado', { user }),
  userNotFound: (user: string) => messages.error(404, 'UsuarioNaoVinculado', { user }),
  alreadyThatUser: (user: string) => messages.error(422, 'UsuarioJaEmUso', { user }),
  erasurePending: (reasons: string) => messages.error(409, 'ExclusaoPendencias', { reasons }),
  erasureOpen: (id: number) => messages.error(409, 'ExclusaoJaPedida', { id }),
  erasureNowhere: () => messages.error(422, 'ExclusaoSemDestino'),
  libraryMailFailed: () => messages.error(502, 'ErroEmailBiblioteca'),
};
