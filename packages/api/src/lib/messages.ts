import type { Language } from '@estante/contracts';

/**
 * Server messages in the three languages, keyed by stable message keys. The spec's own keys
 * (e.g. `CampoObrigatorioNaoPreenchido`) are used verbatim; `{name}` placeholders are filled.
 */
const MESSAGES = {
  ErroInesperado: {
    pt: 'Ocorreu um erro inesperado no processamento. Tente novamente mais tarde.',
    en: 'An unexpected processing error occurred. Please try again later.',
    es: 'Ocurrió un error inesperado en el procesamiento. Inténtelo de nuevo más tarde.',
  },
  RequisicaoInvalida: {
    pt: 'Requisição inválida: {detail}',
    en: 'Invalid request: {detail}',
    es: 'Solicitud no válida: {detail}',
  },
  RecursoNaoEncontrado: {
    pt: 'Recurso não encontrado: {method} {path}',
    en: 'Resource not found: {method} {path}',
    es: 'Recurso no encontrado: {method} {path}',
  },
  IdiomaInvalido: {
    pt: 'Código de idioma inválido: {code}. Use 1 (português), 3 (espanhol) ou 5 (inglês).',
    en: 'Invalid language code: {code}. Use 1 (Portuguese), 3 (Spanish) or 5 (English).',
    es: 'Código de idioma no válido: {code}. Use 1 (portugués), 3 (español) o 5 (inglés).',
  },
  TokenAusente: {
    pt: 'É necessário um token de acesso (Authorization: Bearer).',
    en: 'An access token is required (Authorization: Bearer).',
    es: 'Se requiere un token de acceso (Authorization: Bearer).',
  },
  TokenInvalido: {
    pt: 'Token de acesso inválido ou expirado.',
    en: 'Invalid or expired access token.',
    es: 'Token de acceso no válido o caducado.',
  },
  AcessoPessoalNecessario: {
    pt: 'Esta operação exige login de usuário.',
    en: 'This operation requires a signed-in user.',
    es: 'Esta operación requiere que el usuario inicie sesión.',
  },
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
    en: 'Wrong {label} or password.',
    es: '{label} o contraseña incorrectos.',
  },
  ACESSO_BLOQUEADO: {
    pt: 'Senha ou conta bloqueada. Use "Esqueci minha senha" ou procure a biblioteca.',
    en: 'Password or account blocked. Use "Forgot password" or contact the library.',
    es: 'Contraseña o cuenta bloqueada. Use "Olvidé mi contraseña" o contacte con la biblioteca.',
  },
  captcha_missing: {
    pt: 'Resolva a verificação "Não sou um robô" antes de continuar.',
    en: 'Complete the "I am not a robot" check before continuing.',
    es: 'Complete la verificación "No soy un robot" antes de continuar.',
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
  ReservaSelecioneOpcoes: {
    pt: 'Selecione todas as opções (volume, tomo, parte) para confirmar a reserva.',
    en: 'Select every option (volume, tome, part) to confirm the hold.',
    es: 'Seleccione todas las opciones (volumen, tomo, parte) para confirmar la reserva.',
  },
  ReservaSemExemplarBiblioteca: {
    pt: 'Não há exemplares deste título cadastrados nesta biblioteca.',
    en: 'This library has no copies of this title.',
    es: 'No hay ejemplares de este título registrados en esta biblioteca.',
  },
  ReservaNaoPermitida: {
    pt: 'Reserva cancelada: nenhum exemplar tem situação ou tipo de empréstimo que permita reserva.',
    en: 'Hold cancelled: no copy has a status or loan type that allows holds.',
    es: 'Reserva cancelada: ningún ejemplar tiene una situación o tipo de préstamo que permita reservas.',
  },
  ReservaExemplarDisponivel: {
    pt: 'Reserva indisponível: há exemplares disponíveis na biblioteca. Retire um no balcão.',
    en: 'No hold while copies are available at the library: borrow one at the desk.',
    es: 'Reserva no disponible: hay ejemplares disponibles en la biblioteca. Retire uno en el mostrador.',
  },
  ReservaDuplicada: {
    pt: 'Você já tem uma reserva deste título nesta biblioteca.',
    en: 'You already hold this title at this library.',
    es: 'Usted ya tiene una reserva de este título en esta biblioteca.',
  },
  LimiteReservas: {
    pt: 'Você já tem {limit} reservas ativas, o máximo permitido.',
    en: 'You already have {limit} active holds, the most allowed.',
    es: 'Usted ya tiene {limit} reservas activas, el máximo permitido.',
  },
  ReservaNaoEncontrada: {
    pt: 'Reserva {id} não encontrada.',
    en: 'Hold {id} not found.',
    es: 'Reserva {id} no encontrada.',
  },
  ErroCancelarReserva: {
    pt: 'Erro ao cancelar a reserva {id}: ela já foi atendida, cancelada ou expirou.',
    en: 'Could not cancel hold {id}: it was already served, cancelled or expired.',
    es: 'Error al cancelar la reserva {id}: ya fue atendida, cancelada o expiró.',
  },
  ExemplarNaoEncontrado: {
    pt: 'Exemplar {tombo} não encontrado.',
    en: 'Copy {tombo} not found.',
    es: 'Ejemplar {tombo} no encontrado.',
  },
  PessoaNaoEncontrada: {
    pt: 'Nenhuma pessoa com o login {login}.',
    en: 'No one signs in as {login}.',
    es: 'Ninguna persona con el inicio de sesión {login}.',
  },
  ExemplarNaoEmprestavel: {
    pt: 'O exemplar {tombo} é de consulta local e não pode ser emprestado.',
    en: 'Copy {tombo} is for use in the library only and cannot be lent.',
    es: 'El ejemplar {tombo} es de consulta local y no puede prestarse.',
  },
  ExemplarIndisponivel: {
    pt: 'O exemplar {tombo} não está disponível para empréstimo (situação: {status}).',
    en: 'Copy {tombo} is not available for loan (status: {status}).',
    es: 'El ejemplar {tombo} no está disponible para préstamo (situación: {status}).',
  },
  ExemplarNaoEmprestado: {
    pt: 'O exemplar {tombo} não está emprestado.',
    en: 'Copy {tombo} is not on loan.',
    es: 'El ejemplar {tombo} no está prestado.',
  },
  EmprestimoNaoEncontrado: {
    pt: 'Empréstimo {id} não encontrado entre os seus empréstimos em aberto.',
    en: 'Loan {id} is not one of your open loans.',
    es: 'Préstamo {id} no encontrado entre sus préstamos abiertos.',
  },
  EmprestimoEmAtraso: {
    pt: 'Empréstimo em atraso: devolva o exemplar na biblioteca.',
    en: 'This loan is overdue: return the copy to the library.',
    es: 'Préstamo atrasado: devuelva el ejemplar en la biblioteca.',
  },
  LimiteRenovacoes: {
    pt: 'Limite de {limit} renovações atingido.',
    en: 'The limit of {limit} renewals has been reached.',
    es: 'Se alcanzó el límite de {limit} renovaciones.',
  },
  TituloReservado: {
    pt: 'Não é possível renovar: outro usuário reservou este título.',
    en: 'Cannot renew: another patron has placed a hold on this title.',
    es: 'No es posible renovar: otro usuario reservó este título.',
  },
  RenovacaoSemEfeito: {
    pt: 'Já renovado: a devolução continua em {date}.',
    en: 'Already renewed: it is still due on {date}.',
    es: 'Ya renovado: la devolución sigue el {date}.',
  },
  DebitoNaoEncontrado: {
    pt: 'Débito {id} não encontrado entre os seus débitos em aberto.',
    en: 'Debt {id} is not one of your open debts.',
    es: 'Débito {id} no encontrado entre sus débitos abiertos.',
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
  NadaConstaEmprestimos: {
    pt: 'Há {count} empréstimo(s) em aberto: devolva os exemplares.',
    en: 'There are {count} open loan(s): return the copies.',
    es: 'Hay {count} préstamo(s) abierto(s): devuelva los ejemplares.',
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
  PessoaAfastada: {
    pt: 'Operação não permitida: afastamento em vigor ({reason}).',
    en: 'Not allowed: a deviation is in force ({reason}).',
    es: 'Operación no permitida: alejamiento en vigor ({reason}).',
  },
  SolicitacaoSemExemplares: {
    pt: 'Não há exemplares disponíveis nesta biblioteca para solicitar.',
    en: 'This library has no copies available to request.',
    es: 'No hay ejemplares disponibles en esta biblioteca para solicitar.',
  },
  SolicitacaoExemplaresComprometidos: {
    pt: 'Já existem solicitações em aberto para todos os exemplares disponíveis.',
    en: 'Requests are already open for every available copy.',
    es: 'Ya hay solicitudes abiertas para todos los ejemplares disponibles.',
  },
  SolicitacaoLimiteExcedido: {
    pt: 'Solicitação cancelada: limite de {limit} solicitações em aberto excedido.',
    en: 'Request cancelled: the limit of {limit} open requests is exceeded.',
    es: 'Solicitud cancelada: se excedió el límite de {limit} solicitudes abiertas.',
  },
  SolicitacaoIdentica: {
    pt: 'Solicitação cancelada: já existe uma solicitação idêntica em aberto.',
    en: 'Request cancelled: an identical request is already open.',
    es: 'Solicitud cancelada: ya existe una solicitud idéntica abierta.',
  },
  SomenteBalcao: {
    pt: 'Somente a equipe do balcão de circulação pode fazer isto.',
    en: 'Only circulation desk staff can do this.',
    es: 'Solo el personal del mostrador de circulación puede hacer esto.',
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
  TentativasExcedidas: {
    pt: 'Muitas tentativas de login seguidas. Tente novamente em {minutes} minuto(s).',
    en: 'Too many sign-in attempts in a row. Try again in {minutes} minute(s).',
    es: 'Demasiados intentos de inicio de sesión seguidos. Inténtelo de nuevo en {minutes} minuto(s).',
  },
  unsupported_grant_type: {
    pt: 'Tipo de concessão não suportado: {grant}.',
    en: 'Unsupported grant type: {grant}.',
    es: 'Tipo de concesión no admitido: {grant}.',
  },
  AcervoNaoEncontrado: {
    pt: 'Título {id} não encontrado no acervo.',
    en: 'Title {id} was not found in the catalogue.',
    es: 'Título {id} no encontrado en el acervo.',
  },
  AutoridadeNaoEncontrada: {
    pt: 'Autoridade {id} não encontrada.',
    en: 'Authority {id} was not found.',
    es: 'Autoridad {id} no encontrada.',
  },
  ComentarioNaoEncontrado: {
    pt: 'Comentário {id} não encontrado entre os seus comentários.',
    en: 'Comment {id} was not found among your comments.',
    es: 'Comentario {id} no encontrado entre sus comentarios.',
  },
  ComentarioJaModerado: {
    pt: 'Este comentário já foi aprovado pela biblioteca e não pode mais ser excluído.',
    en: 'This comment has already been approved by the library and can no longer be deleted.',
    es: 'Este comentario ya fue aprobado por la biblioteca y ya no se puede eliminar.',
  },
  limite_comentarios_excedido: {
    pt: 'Você já tem {limit} comentários aguardando aprovação da biblioteca. O comentário não foi enviado.',
    en: 'You already have {limit} comments awaiting the library\'s approval. The comment was not sent.',
    es: 'Ya tiene {limit} comentarios esperando la aprobación de la biblioteca. El comentario no fue enviado.',
  },
  ComentariosDesativados: {
    pt: 'Os comentários não estão disponíveis nesta instituição.',
    en: 'Comments are not available at this institution.',
    es: 'Los comentarios no están disponibles en esta institución.',
  },
  BibliotecaInvalida: {
    pt: 'Biblioteca {id} não existe.',
    en: 'Library {id} does not exist.',
    es: 'La biblioteca {id} no existe.',
  },
  ArmazemSemExemplar: {
    pt: 'Nenhum exemplar de "{title}" pode ser retirado agora do acervo fechado da {library}. Nada foi solicitado.',
    en: 'No copy of "{title}" can be fetched from the closed stacks of {library} now. Nothing was requested.',
    es: 'Ningún ejemplar de "{title}" puede retirarse ahora del acervo cerrado de {library}. No se solicitó nada.',
  },
  FasciculoNaoEncontrado: {
    pt: 'O periódico {id} não tem o fascículo {seq}.',
    en: 'Serial {id} has no issue {seq}.',
    es: 'La publicación periódica {id} no tiene el fascículo {seq}.',
  },
  ErroEnvioEmail: {
    pt: 'Não foi possível enviar o e-mail pelo servidor de e-mail da biblioteca. Tente novamente mais tarde.',
    en: "The e-mail could not be sent through the library's mail server. Please try again later.",
    es: 'No fue posible enviar el correo por el servidor de correo de la biblioteca. Inténtelo más tarde.',
  },
  ForaCestaPermanente: {
    pt: 'O título {id} não está na sua cesta permanente.',
    en: 'Title {id} is not in your permanent basket.',
    es: 'El título {id} no está en su cesta permanente.',
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
  InstituicaoNaoConfigurada: {
    pt: 'A instituição ainda não foi configurada.',
    en: 'The institution has not been configured yet.',
    es: 'La institución aún no ha sido configurada.',
  },
  PreenchaCampoPesquisa: {
    pt: 'Preencha o campo de pesquisa.',
    en: 'Please fill in the search field.',
    es: 'Complete el campo de búsqueda.',
  },
  AtividadeNaoEncontrada: {
    pt: 'Atividade {id} não encontrada.',
    en: 'Activity {id} not found.',
    es: 'Actividad {id} no encontrada.',
  },
  CampoObrigatorioNaoPreenchido: {
    pt: 'Preencha o campo obrigatório: {field}.',
    en: 'Please fill in the required field: {field}.',
    es: 'Complete el campo obligatorio: {field}.',
  },
  SugestoesDesativadas: {
    pt: 'Esta instituição não recebe sugestões de aquisição pelo catálogo.',
    en: 'This institution does not take acquisition suggestions through the catalogue.',
    es: 'Esta institución no recibe sugerencias de adquisición por el catálogo.',
  },
  BibliotecaForaDoCampus: {
    pt: 'A biblioteca {library} não pertence ao campus {campus}.',
    en: 'Library {library} is not on campus {campus}.',
    es: 'La biblioteca {library} no pertenece al campus {campus}.',
  },
  ErroEmailBiblioteca: {
    pt: 'Não foi possível enviar a mensagem ao e-mail da biblioteca. Nada foi registrado; tente novamente mais tarde.',
    en: "The message could not be sent to the library's e-mail. Nothing was recorded; please try again later.",
    es: 'No fue posible enviar el mensaje al correo de la biblioteca. No se registró nada; inténtelo de nuevo más tarde.',
  },
  ComentarioGeralEnviadoSucesso: {
    pt: 'Comentário enviado com sucesso.',
    en: 'Comment sent successfully.',
    es: 'Comentario enviado con éxito.',
  },
  SugestaoAquisicaoEnviadoSucesso: {
    pt: 'Sugestão de aquisição enviada com sucesso.',
    en: 'Acquisition suggestion sent successfully.',
    es: 'Sugerencia de adquisición enviada con éxito.',
  },
  CampusNaoEncontrado: {
    pt: 'Campus {id} não encontrado.',
    en: 'Campus {id} not found.',
    es: 'Campus {id} no encontrado.',
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
  ServidorIndisponivel: {
    pt: 'Não foi possível contatar o servidor. Tente novamente em instantes.',
    en: 'The server could not be reached. Please try again in a moment.',
    es: 'No fue posible contactar con el servidor. Inténtelo de nuevo en unos instantes.',
  },
  MuitasRequisicoes: {
    pt: 'Muitas requisições. Aguarde e tente novamente.',
    en: 'Too many requests. Please wait and try again.',
    es: 'Demasiadas solicitudes. Espere e inténtelo de nuevo.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** The message for `key` in `language`, with `{name}` placeholders replaced from `params`. */
export function translate(key: MessageKey, language: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

const CURRENCY: Record<Language, string> = { pt: 'R$', en: '$', es: 'COP$' };
const LOCALE: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/** An amount in a message: the language's currency symbol and number format (spec §9). */
export function money(value: string | number, language: Language): string {
  return `${CURRENCY[language]} ${new Intl.NumberFormat(LOCALE[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value))}`;
}
