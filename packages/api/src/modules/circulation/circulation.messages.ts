import { defineMessages, money } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The circulation module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('circulation', {
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
  LimiteEmprestimos: {
    pt: 'A pessoa já tem {count} empréstimos abertos, o limite da sua categoria ({limit}).',
    en: 'The patron already has {count} open loans, the limit of their category ({limit}).',
    es: 'La persona ya tiene {count} préstamos abiertos, el límite de su categoría ({limit}).',
  },
  PossuiDebitos: {
    pt: 'A pessoa tem débitos em aberto: {total}.',
    en: 'The patron has unpaid debts: {total}.',
    es: 'La persona tiene deudas pendientes: {total}.',
  },
  ReservadoParaOutro: {
    pt: 'Há reservas de outras pessoas na fila para o título do exemplar {tombo}.',
    en: 'Other patrons are in the hold queue for the title of copy {tombo}.',
    es: 'Hay reservas de otras personas en la cola para el título del ejemplar {tombo}.',
  },
  ExemplarReservadoOutraPessoa: {
    pt: 'O exemplar {tombo} está separado para a reserva de outra pessoa.',
    en: 'Copy {tombo} is kept for another patron’s hold.',
    es: 'El ejemplar {tombo} está apartado para la reserva de otra persona.',
  },
  SolicitacaoEmprestimoNaoEncontrada: {
    pt: 'Solicitação de empréstimo {id} não encontrada.',
    en: 'Loan request {id} not found.',
    es: 'Solicitud de préstamo {id} no encontrada.',
  },
  SolicitacaoEmprestimoForaDeOrdem: {
    pt: 'A solicitação de empréstimo {id} está “{now}”: não pode passar a “{to}”.',
    en: 'Loan request {id} is “{now}”: it cannot become “{to}”.',
    es: 'La solicitud de préstamo {id} está “{now}”: no puede pasar a “{to}”.',
  },
  SolicitacaoEmprestimoPassoDesconhecido: {
    pt: 'Situação desconhecida: {to}. As situações são em_transito, disponivel, retirada, atendida e cancelada.',
    en: 'Unknown status: {to}. The statuses are em_transito, disponivel, retirada, atendida and cancelada.',
    es: 'Situación desconocida: {to}. Las situaciones son em_transito, disponivel, retirada, atendida y cancelada.',
  },
  RenovacaoRecusada: {
    pt: 'Não renovado: {reason}',
    en: 'Not renewed: {reason}',
    es: 'No renovado: {reason}',
  },
  DebitoNaoEncontrado: {
    pt: 'Débito {id} não encontrado.',
    en: 'Debt {id} not found.',
    es: 'Deuda {id} no encontrada.',
  },
  DebitoQuitado: {
    pt: 'Nada resta a pagar do débito {id}.',
    en: 'Nothing is left to pay of debt {id}.',
    es: 'No queda nada por pagar de la deuda {id}.',
  },
  LeitorSemEmail: {
    pt: 'A pessoa não tem e-mail cadastrado: imprima o recibo.',
    en: 'The patron has no e-mail address: print the receipt.',
    es: 'La persona no tiene correo electrónico registrado: imprima el recibo.',
  },
  'desk.receipt.subject': {
    pt: 'Seus empréstimos na biblioteca',
    en: 'Your library loans',
    es: 'Sus préstamos en la biblioteca',
  },
  'desk.receipt.intro': {
    pt: 'Olá, {name}. Estes são os seus empréstimos em aberto e as datas de devolução:',
    en: 'Hello, {name}. These are your open loans and their due dates:',
    es: 'Hola, {name}. Estos son sus préstamos abiertos y las fechas de devolución:',
  },
  'desk.receipt.line': {
    pt: '- {title} (exemplar {copy}): devolver até {due}',
    en: '- {title} (copy {copy}): due {due}',
    es: '- {title} (ejemplar {copy}): devolver hasta {due}',
  },
  'desk.receipt.none': {
    pt: 'Você não tem empréstimos em aberto.',
    en: 'You have no open loans.',
    es: 'No tiene préstamos abiertos.',
  },
  'desk.hold.subject': {
    pt: 'Sua reserva está disponível: {title}',
    en: 'Your hold is ready: {title}',
    es: 'Su reserva está disponible: {title}',
  },
  'desk.hold.body': {
    pt: 'Olá, {name}.\n\n"{title}" está separado para você na {library} até {until}. Retire-o no balcão de empréstimo.',
    en: 'Hello, {name}.\n\n"{title}" is kept for you at {library} until {until}. Pick it up at the loan desk.',
    es: 'Hola, {name}.\n\n"{title}" está apartado para usted en {library} hasta {until}. Retírelo en el mostrador de préstamo.',
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
  PessoaAfastada: {
    pt: 'Operação não permitida: afastamento em vigor ({reason}).',
    en: 'Not allowed: a restriction is in force ({reason}).',
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
  ArmazemSemExemplar: {
    pt: 'Nenhum exemplar de "{title}" pode ser retirado agora do acervo fechado da {library}. Nada foi solicitado.',
    en: 'No copy of "{title}" can be fetched from the closed stacks of {library} now. Nothing was requested.',
    es: 'Ningún ejemplar de "{title}" puede retirarse ahora del acervo cerrado de {library}. No se solicitó nada.',
  },
  // The loan reminder and the overdue notice (e-mails; notices.service.ts).
  'notice.lembrete.subject': {
    pt: 'Lembrete: devolução próxima',
    en: 'Reminder: items due soon',
    es: 'Recordatorio: devolución próxima',
  },
  'notice.lembrete.intro': {
    pt: 'Olá, {name}.\n\nEstes empréstimos vencem em breve:',
    en: 'Hello, {name}.\n\nThese loans are due soon:',
    es: 'Hola, {name}.\n\nEstos préstamos vencen pronto:',
  },
  'notice.lembrete.line': {
    pt: '- {title} (exemplar {copy}): devolver até {due}',
    en: '- {title} (copy {copy}): due {due}',
    es: '- {title} (ejemplar {copy}): devolver hasta {due}',
  },
  'notice.lembrete.close': {
    pt: 'Você pode renovar pelo Meu Pergamum, se a renovação for permitida.',
    en: 'You can renew them in Meu Pergamum, where renewal is allowed.',
    es: 'Puede renovarlos en Meu Pergamum, si la renovación está permitida.',
  },
  'notice.atraso.subject': {
    pt: 'Empréstimo em atraso',
    en: 'Overdue loan',
    es: 'Préstamo atrasado',
  },
  'notice.atraso.intro': {
    pt: 'Olá, {name}.\n\nEstes empréstimos passaram da data de devolução:',
    en: 'Hello, {name}.\n\nThese loans are past their due date:',
    es: 'Hola, {name}.\n\nEstos préstamos pasaron la fecha de devolución:',
  },
  'notice.atraso.line': {
    pt: '- {title} (exemplar {copy}): devolução prevista em {due}',
    en: '- {title} (copy {copy}): was due {due}',
    es: '- {title} (ejemplar {copy}): devolución prevista el {due}',
  },
  'notice.atraso.close': {
    pt: 'Devolva-os na biblioteca assim que puder; o atraso pode gerar multa.',
    en: 'Please return them to the library as soon as you can; late returns may be fined.',
    es: 'Devuélvalos en la biblioteca lo antes posible; el atraso puede generar multa.',
  },
  PoliticaCategoriaInexistente: {
    pt: 'Não há categoria {categoria}.',
    en: 'There is no category {categoria}.',
    es: 'No existe la categoría {categoria}.',
  },
  PoliticaTipoInexistente: {
    pt: 'Não há tipo de empréstimo {tipo}.',
    en: 'There is no loan type {tipo}.',
    es: 'No existe el tipo de préstamo {tipo}.',
  },
  PoliticaInexistente: {
    pt: 'A categoria {categoria} não tem regra própria para o tipo {tipo}.',
    en: 'Category {categoria} has no rule of its own for type {tipo}.',
    es: 'La categoría {categoria} no tiene regla propia para el tipo {tipo}.',
  },
});

/** The errors the circulation module throws: the common ones and its own. */
export const errors = {
  ...common,
  policyCategoryMissing: (categoria: string) => messages.error(404, 'PoliticaCategoriaInexistente', { categoria }),
  policyLoanTypeMissing: (tipo: number) => messages.error(404, 'PoliticaTipoInexistente', { tipo }),
  policyMissing: (categoria: string, tipo: number) => messages.error(404, 'PoliticaInexistente', { categoria, tipo }),
  holdOptionsRequired: () => messages.error(422, 'ReservaSelecioneOpcoes'),
  holdNoCopyAtLibrary: () => messages.error(422, 'ReservaSemExemplarBiblioteca'),
  holdNotAllowed: () => messages.error(422, 'ReservaNaoPermitida'),
  holdCopiesAvailable: () => messages.error(422, 'ReservaExemplarDisponivel'),
  holdDuplicate: () => messages.error(422, 'ReservaDuplicada'),
  holdLimit: (limit: number) => messages.error(422, 'LimiteReservas', { limit }),
  holdNotFound: (id: number) => messages.error(404, 'ReservaNaoEncontrada', { id }),
  holdCancelFailed: (id: number) => messages.error(422, 'ErroCancelarReserva', { id }),
  deskCopyNotFound: (tombo: string) => messages.error(404, 'ExemplarNaoEncontrado', { tombo }),
  deskPersonNotFound: (login: string) => messages.error(404, 'PessoaNaoEncontrada', { login }),
  deskNotLendable: (tombo: string) => messages.error(422, 'ExemplarNaoEmprestavel', { tombo }),
  loanLimit: (count: number, limit: number) => messages.error(422, 'LimiteEmprestimos', { count, limit }),
  hasDebts: (total: string) => messages.error(422, 'PossuiDebitos', { total }, (language) => ({ total: money(total, language) })),
  othersWaiting: (tombo: string) => messages.error(422, 'ReservadoParaOutro', { tombo }),
  keptForAnother: (tombo: string) => messages.error(422, 'ExemplarReservadoOutraPessoa', { tombo }),
  debtNotFound: (id: number) => messages.error(404, 'DebitoNaoEncontrado', { id }),
  debtSettled: (id: number) => messages.error(422, 'DebitoQuitado', { id }),
  noEmail: () => messages.error(422, 'LeitorSemEmail'),
  loanNotFound: (id: number) => messages.error(404, 'EmprestimoNaoEncontrado', { id }),
  renewalRefused: (reason: string) => messages.error(422, 'RenovacaoRecusada', { reason }),
  loanRequestNotFound: (id: number) => messages.error(404, 'SolicitacaoEmprestimoNaoEncontrada', { id }),
  loanRequestOutOfOrder: (id: number, now: string, to: string) => messages.error(409, 'SolicitacaoEmprestimoForaDeOrdem', { id, now, to }),
  loanRequestStepUnknown: (to: string) => messages.error(422, 'SolicitacaoEmprestimoPassoDesconhecido', { to }),
  deskCopyUnavailable: (tombo: string, status: string) => messages.error(422, 'ExemplarIndisponivel', { tombo, status }),
  deskNotOnLoan: (tombo: string) => messages.error(422, 'ExemplarNaoEmprestado', { tombo }),
  personAway: (reason: string) => messages.error(422, 'PessoaAfastada', { reason }),
  requestNoCopies: () => messages.error(422, 'SolicitacaoSemExemplares'),
  requestAllPromised: () => messages.error(422, 'SolicitacaoExemplaresComprometidos'),
  requestLimit: (limit: number) => messages.error(422, 'SolicitacaoLimiteExcedido', { limit }),
  requestDuplicate: () => messages.error(422, 'SolicitacaoIdentica'),
  closedStackUnavailable: (title: string, library: string) => messages.error(422, 'ArmazemSemExemplar', { title, library }),
};
