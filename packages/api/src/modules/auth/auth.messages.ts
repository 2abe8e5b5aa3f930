import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The auth module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('auth', {
  invalid_client: {
    pt: 'Credenciais do cliente inválidas.',
    en: 'Invalid client credentials.',
    es: 'Credenciales del cliente no válidas.',
  },
  credential_missing: {
    pt: 'Informe o usuário e a senha.',
    en: 'Enter your username and password.',
    es: 'Introduzca el usuario y la contraseña.',
  },
  invalid_grant: {
    pt: '{label} ou senha incorretos.',
    en: 'Could not sign in: check your {label} and your password.',
    es: '{label} o contraseña incorrectos.',
  },
  captcha_missing: {
    pt: 'Resolva a verificação "Não sou um robô" antes de continuar.',
    en: 'Complete the "I am not a robot" check before continuing.',
    es: 'Complete la verificación "No soy un robot" antes de continuar.',
  },
  captcha_required: {
    pt: 'Houve muitas tentativas com senha errada para este login ou a partir desta rede. Resolva a verificação "Não sou um robô" para continuar.',
    en: 'There were too many attempts with a wrong password for this login or from this network. Complete the "I am not a robot" check to continue.',
    es: 'Hubo demasiados intentos con contraseña incorrecta para este usuario o desde esta red. Complete la verificación "No soy un robot" para continuar.',
  },
  captcha_invalid: {
    pt: 'A verificação "Não sou um robô" expirou ou não é válida. Faça-a novamente.',
    en: 'The "I am not a robot" check expired or is not valid. Please do it again.',
    es: 'La verificación "No soy un robot" expiró o no es válida. Hágala de nuevo.',
  },
  CaptchaIndisponivel: {
    pt: 'Não foi possível validar a verificação "Não sou um robô" agora. Tente mais tarde.',
    en: 'The "I am not a robot" check cannot be validated right now. Please try later.',
    es: 'No fue posible validar la verificación "No soy un robot" ahora. Inténtelo más tarde.',
  },
  PessoaNaoVinculada: {
    pt: 'O cadastro escolhido não pertence a este login.',
    en: 'The chosen registration does not belong to this login.',
    es: 'El registro elegido no pertenece a este inicio de sesión.',
  },
  DuplicadasIndisponivel: {
    pt: 'Esta instituição não usa o login em duas etapas.',
    en: 'This institution does not use the two-step sign-in.',
    es: 'Esta institución no usa el inicio de sesión en dos pasos.',
  },
  SsoNaoConfigurado: {
    pt: 'O login institucional ({kind}) não está configurado.',
    en: 'Institutional sign-in ({kind}) is not configured.',
    es: 'El inicio de sesión institucional ({kind}) no está configurado.',
  },
  SsoPermissaoNegada: {
    pt: 'Permissões negadas pelo provedor de identidade.',
    en: 'Permissions denied by the identity provider.',
    es: 'Permisos denegados por el proveedor de identidad.',
  },
  SsoErroAutenticacao: {
    pt: 'Erro na autenticação. Tente novamente mais tarde.',
    en: 'Authentication error. Please try again later.',
    es: 'Error en la autenticación. Inténtelo de nuevo más tarde.',
  },
  SsoTokenInvalido: {
    pt: 'Erro na validação do token de autenticação.',
    en: 'The authentication token could not be validated.',
    es: 'Error en la validación del token de autenticación.',
  },
  SsoUsuarioNaoEncontrado: {
    pt: 'Usuário não encontrado. Entre com as mesmas credenciais cadastradas na biblioteca.',
    en: 'User not found. Sign in with the same credentials registered at the library.',
    es: 'Usuario no encontrado. Ingrese con las mismas credenciales registradas en la biblioteca.',
  },
  RecuperacaoIndisponivel: {
    pt: 'Não foi possível enviar um código para este usuário. Procure a biblioteca para recuperar a senha.',
    en: 'A code could not be sent for this username. Please contact the library to recover your password.',
    es: 'No fue posible enviar un código para este usuario. Contacte con la biblioteca para recuperar la contraseña.',
  },
  CodigoInvalido: {
    pt: 'Código incorreto. Confira o e-mail ou peça um novo código.',
    en: 'Wrong code. Check the e-mail or ask for a new code.',
    es: 'Código incorrecto. Revise el correo o pida un nuevo código.',
  },
  CodigoExpirado: {
    pt: 'Este código expirou ou foi tentado vezes demais. Peça um novo código.',
    en: 'This code has expired or was tried too many times. Ask for a new code.',
    es: 'Este código expiró o se intentó demasiadas veces. Pida un nuevo código.',
  },
  SenhaNaoConfereCriterios: {
    pt: 'A nova senha não atende aos critérios exigidos.',
    en: 'The new password does not meet the required criteria.',
    es: 'La nueva contraseña no cumple los criterios exigidos.',
  },
  SenhaRepetida: {
    pt: 'A nova senha deve ser diferente das últimas {n} senhas.',
    en: 'The new password must differ from the last {n} passwords.',
    es: 'La nueva contraseña debe ser distinta de las últimas {n} contraseñas.',
  },
  SenhaAtualIncorreta: {
    pt: 'A senha atual não confere.',
    en: 'The current password is not correct.',
    es: 'La contraseña actual no coincide.',
  },
  SenhaAlteradaSucesso: {
    pt: 'Senha alterada com sucesso. Entre com a nova senha.',
    en: 'Password changed. Sign in with the new password.',
    es: 'Contraseña cambiada con éxito. Inicie sesión con la nueva contraseña.',
  },
  SessaoExpirada: {
    pt: 'Sua sessão expirou. Entre novamente.',
    en: 'Your session has expired. Please sign in again.',
    es: 'Su sesión expiró. Inicie sesión de nuevo.',
  },
  TentativasExcedidas_one: {
    pt: 'Muitas tentativas de login seguidas. Tente novamente em {count} minuto.',
    en: 'Too many sign-in attempts in a row. Try again in {count} minute.',
    es: 'Demasiados intentos de inicio de sesión seguidos. Inténtelo de nuevo en {count} minuto.',
  },
  TentativasExcedidas_other: {
    pt: 'Muitas tentativas de login seguidas. Tente novamente em {count} minutos.',
    en: 'Too many sign-in attempts in a row. Try again in {count} minutes.',
    es: 'Demasiados intentos de inicio de sesión seguidos. Inténtelo de nuevo en {count} minutos.',
  },
  unsupported_grant_type: {
    pt: 'Tipo de concessão não suportado: {grant}.',
    en: 'Unsupported grant type: {grant}.',
    es: 'Tipo de concesión no admitido: {grant}.',
  },
  // The password recovery e-mail.
  'recovery.mail.subject': {
    pt: 'Código para criar uma nova senha',
    en: 'Code to create a new password',
    es: 'Código para crear una nueva contraseña',
  },
  'recovery.mail.body': {
    pt: 'Olá, {name}.\n\nSeu código para criar uma nova senha é {code}. Ele vale por {minutes} minutos.\n\nSe não foi você quem pediu, ignore esta mensagem: sua senha continua a mesma.',
    en: 'Hello, {name}.\n\nYour code to create a new password is {code}. It is valid for {minutes} minutes.\n\nIf you did not ask for it, ignore this message: your password stays the same.',
    es: 'Hola, {name}.\n\nSu código para crear una nueva contraseña es {code}. Vale por {minutes} minutos.\n\nSi no lo pidió usted, ignore este mensaje: su contraseña sigue siendo la misma.',
  },
});

/** The errors the auth module throws: the common ones and its own. */
export const errors = {
  ...common,
  currentPasswordWrong: () => messages.error(422, 'SenhaAtualIncorreta'),
  invalidClient: () => messages.error(401, 'invalid_client'),
  credentialMissing: () => messages.error(400, 'credential_missing'),
  invalidGrant: (label: string) => messages.error(401, 'invalid_grant', { label }),
  captchaMissing: () => messages.error(400, 'captcha_missing'),
  captchaInvalid: () => messages.error(400, 'captcha_invalid'),
  captchaRequired: () => messages.error(400, 'captcha_required'),
  captchaUnavailable: () => messages.error(503, 'CaptchaIndisponivel'),
  personNotLinked: () => messages.error(422, 'PessoaNaoVinculada'),
  duplicatesUnavailable: () => messages.error(404, 'DuplicadasIndisponivel'),
  ssoNotConfigured: (kind: string) => messages.error(404, 'SsoNaoConfigurado', { kind }),
  /** A refusal the provider's answer recorded (its key, kept with the sign-in in progress). */
  ssoRefused: (key: string) => messages.error(422, key as 'SsoErroAutenticacao'),
  ssoDenied: () => messages.error(422, 'SsoPermissaoNegada'),
  ssoFailed: () => messages.error(422, 'SsoErroAutenticacao'),
  ssoTokenInvalid: () => messages.error(422, 'SsoTokenInvalido'),
  ssoUserNotFound: () => messages.error(422, 'SsoUsuarioNaoEncontrado'),
  recoveryUnavailable: () => messages.error(422, 'RecuperacaoIndisponivel'),
  codeInvalid: () => messages.error(422, 'CodigoInvalido'),
  codeExpired: () => messages.error(422, 'CodigoExpirado'),
  passwordRules: (rules: string) => messages.error(422, 'SenhaNaoConfereCriterios', { rules }),
  passwordReused: (n: number) => messages.error(422, 'SenhaRepetida', { n }),
  refreshInvalid: () => messages.error(401, 'SessaoExpirada'),
  tooManyAttempts: (minutes: number) => messages.error(429, 'TentativasExcedidas', { count: minutes }),
  unsupportedGrant: (grant: string) => messages.error(400, 'unsupported_grant_type', { grant }),
};
