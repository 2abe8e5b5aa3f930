import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { faqEntries, institutionContent, institutionEvents, openingHours } from '../db/schema/index.js';

type Texts = { pt: string; en: string; es: string };

const PAGES: { chave: string; titulo: Texts; html: Texts }[] = [
  {
    chave: 'secao_1',
    titulo: { pt: 'Bem-vindo às bibliotecas da UEVS', en: 'Welcome to the UEVS libraries', es: 'Bienvenido a las bibliotecas de la UEVS' },
    html: {
      pt: '<p>Cinco bibliotecas em três campi, abertas à comunidade. Pesquise o acervo, reserve e renove seus empréstimos sem sair de casa.</p>',
      en: '<p>Five libraries on three campuses, open to the community. Search the collection, place holds and renew your loans from home.</p>',
      es: '<p>Cinco bibliotecas en tres campus, abiertas a la comunidad. Busque en el acervo, reserve y renueve sus préstamos sin salir de casa.</p>',
    },
  },
  {
    chave: 'secao_2',
    titulo: { pt: 'Acessibilidade', en: 'Accessibility', es: 'Accesibilidad' },
    html: {
      pt: '<p>Use a barra de acessibilidade no topo da página para aumentar o texto, mudar o contraste ou ativar a tradução para Libras. A Biblioteca Central tem uma sala com leitores de tela e ampliadores.</p>',
      en: '<p>Use the accessibility bar at the top of the page to enlarge text, change the contrast or switch on the Libras (Brazilian Sign Language) translation. The Central Library has a room with screen readers and magnifiers.</p>',
      es: '<p>Use la barra de accesibilidad en la parte superior de la página para ampliar el texto, cambiar el contraste o activar la traducción a Libras (lengua de señas brasileña). La Biblioteca Central tiene una sala con lectores de pantalla y lupas.</p>',
    },
  },
  {
    chave: 'informacoes_gerais',
    titulo: { pt: 'Informações gerais', en: 'General information', es: 'Información general' },
    html: {
      pt: '<p>Alunos, professores e servidores da UEVS emprestam com a matrícula ou o CPF. Membros da comunidade fazem cadastro na Biblioteca Central com documento de identidade e comprovante de residência.</p><ul><li>Graduação: até 5 obras por 14 dias.</li><li>Pós-graduação e professores: até 10 obras por 28 dias.</li><li>Multa por atraso: R$ 1,00 por dia e por obra.</li></ul>',
      en: '<p>UEVS students, professors and staff borrow with their enrolment number or CPF. Community members register at the Central Library with an identity document and proof of address.</p><ul><li>Undergraduates: up to 5 works for 14 days.</li><li>Graduate students and professors: up to 10 works for 28 days.</li><li>Late fine: R$ 1.00 a day per work.</li></ul>',
      es: '<p>Alumnos, profesores y funcionarios de la UEVS toman préstamos con la matrícula o el CPF. Los miembros de la comunidad se registran en la Biblioteca Central con documento de identidad y comprobante de domicilio.</p><ul><li>Grado: hasta 5 obras por 14 días.</li><li>Posgrado y profesores: hasta 10 obras por 28 días.</li><li>Multa por atraso: R$ 1,00 por día y por obra.</li></ul>',
    },
  },
  {
    chave: 'atividade:12',
    titulo: { pt: 'Sugestão de aquisição', en: 'Acquisition suggestion', es: 'Sugerencia de adquisición' },
    html: {
      pt: '<p>Sugira obras que a biblioteca ainda não tem. A equipe de aquisição avalia cada sugestão e responde por e-mail.</p>',
      en: '<p>Suggest works the library does not have yet. The acquisitions team reviews every suggestion and answers by e-mail.</p>',
      es: '<p>Sugiera obras que la biblioteca todavía no tiene. El equipo de adquisición evalúa cada sugerencia y responde por correo electrónico.</p>',
    },
  },
];

const FAQ: { pt: [string, string]; en: [string, string]; es: [string, string] }[] = [
  {
    pt: [
      'Como renovo um empréstimo?',
      '<p>Entre no Meu Pergamum, abra <strong>Empréstimos</strong>, marque as obras e escolha <strong>Renovar</strong>. Não é possível renovar uma obra reservada por outra pessoa.</p>',
    ],
    en: [
      'How do I renew a loan?',
      '<p>Sign in to My Pergamum, open <strong>Loans</strong>, tick the works and choose <strong>Renew</strong>. A work another patron has on hold cannot be renewed.</p>',
    ],
    es: [
      '¿Cómo renuevo un préstamo?',
      '<p>Ingrese a Mi Pergamum, abra <strong>Préstamos</strong>, marque las obras y elija <strong>Renovar</strong>. No es posible renovar una obra reservada por otra persona.</p>',
    ],
  },
  {
    pt: [
      'Como faço uma reserva?',
      '<p>Na página da obra, abra a aba <strong>Reserva</strong>, escolha a biblioteca e confirme. Você recebe um aviso quando o exemplar estiver separado.</p>',
    ],
    en: [
      'How do I place a hold?',
      "<p>On the work's page, open the <strong>Hold</strong> tab, choose the library and confirm. You are told when the copy is set aside for you.</p>",
    ],
    es: [
      '¿Cómo hago una reserva?',
      '<p>En la página de la obra, abra la pestaña <strong>Reserva</strong>, elija la biblioteca y confirme. Recibirá un aviso cuando el ejemplar esté separado.</p>',
    ],
  },
  {
    pt: [
      'Esqueci minha senha. E agora?',
      '<p>Na tela de login, escolha <strong>Esqueci minha senha</strong>: enviamos um código para o seu e-mail cadastrado.</p>',
    ],
    en: [
      'I forgot my password. What now?',
      '<p>On the sign-in screen, choose <strong>Forgot my password</strong>: we send a code to your registered e-mail.</p>',
    ],
    es: [
      'Olvidé mi contraseña. ¿Y ahora?',
      '<p>En la pantalla de acceso, elija <strong>Olvidé mi contraseña</strong>: enviamos un código a su correo registrado.</p>',
    ],
  },
  {
    pt: [
      'Como pago uma multa?',
      '<p>Em Meu Pergamum › <strong>Débitos</strong>, gere o boleto (GRU) e pague em qualquer banco. A baixa é feita em até dois dias úteis.</p>',
    ],
    en: [
      'How do I pay a fine?',
      '<p>In My Pergamum › <strong>Debts</strong>, print the payment slip and pay it at any bank. It is cleared within two working days.</p>',
    ],
    es: [
      '¿Cómo pago una multa?',
      '<p>En Mi Pergamum › <strong>Débitos</strong>, genere el boleto de pago y páguelo en cualquier banco. Se registra en hasta dos días hábiles.</p>',
    ],
  },
  {
    pt: ['Quem pode usar as bibliotecas?', '<p>Toda a comunidade. Consulta local é livre; para emprestar é preciso ter cadastro.</p>'],
    en: ['Who can use the libraries?', '<p>Everyone. Reading on site is open to all; borrowing needs a registration.</p>'],
    es: ['¿Quién puede usar las bibliotecas?', '<p>Toda la comunidad. La consulta en sala es libre; para tomar préstamos hay que registrarse.</p>'],
  },
];

/** Weekday hours per library: [opens, closes] for Monday…Sunday; null is closed. */
const WEEK_CENTRAL: ([string, string] | null)[] = [
  ['07:30', '22:00'],
  ['07:30', '22:00'],
  ['07:30', '22:00'],
  ['07:30', '22:00'],
  ['07:30', '21:00'],
  ['08:00', '14:00'],
  null,
];
const WEEK_BRANCH: ([string, string] | null)[] = [
  ['08:00', '20:00'],
  ['08:00', '20:00'],
  ['08:00', '20:00'],
  ['08:00', '20:00'],
  ['08:00', '18:00'],
  null,
  null,
];

/** The demo institution's pages, FAQ, opening hours and events (idempotent). */
export async function seedInstitutionContent(db: Db, now = new Date()): Promise<void> {
  await db
    .insert(institutionContent)
    .values(PAGES.flatMap((p) => (['pt', 'en', 'es'] as const).map((idioma) => ({ chave: p.chave, idioma, titulo: p.titulo[idioma], html: p.html[idioma] }))))
    .onConflictDoNothing();
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from faq_entries`);
  if (count === 0) {
    await db
      .insert(faqEntries)
      .values(
        FAQ.flatMap((entry, ordem) =>
          (['pt', 'en', 'es'] as const).map((idioma) => ({ idioma, ordem, pergunta: entry[idioma][0], resposta: entry[idioma][1] })),
        ),
      );
  }
  await db
    .insert(openingHours)
    .values(
      [1, 2, 3, 4, 5].flatMap((codBiblioteca) =>
        (codBiblioteca === 1 ? WEEK_CENTRAL : WEEK_BRANCH).flatMap((hours, day) =>
          hours ? [{ codBiblioteca, diaSemana: day + 1, abre: hours[0], fecha: hours[1] }] : [],
        ),
      ),
    )
    .onConflictDoNothing();
  const [{ events } = { events: 0 }] = await queryRows<{ events: number }>(db, sql`select count(*)::int as events from institution_events`);
  if (events === 0) {
    const day = (offset: number, hour: number) => {
      const date = new Date(now);
      date.setUTCDate(date.getUTCDate() + offset);
      date.setUTCHours(hour, 0, 0, 0);
      return date;
    };
    await db.insert(institutionEvents).values([
      {
        origem: 'institucional',
        titulo: 'Semana do Livro e da Biblioteca',
        descricao: 'Feira de troca de livros, oficinas de encadernação e contação de histórias.',
        local: 'Biblioteca Central, saguão',
        codCampus: 1,
        inicio: day(10, 12),
        fim: day(14, 21),
        traducoes: {
          en: {
            titulo: 'Book and Library Week',
            descricao: 'Book swap fair, bookbinding workshops and storytelling.',
            local: 'Central Library, lobby',
          },
          es: {
            titulo: 'Semana del Libro y de la Biblioteca',
            descricao: 'Feria de intercambio de libros, talleres de encuadernación y cuentacuentos.',
            local: 'Biblioteca Central, vestíbulo',
          },
        },
      },
      {
        origem: 'institucional',
        titulo: 'Oficina: como usar o Portal de Periódicos',
        descricao: 'Busca em bases de dados, acesso remoto e gerenciadores de referências.',
        local: 'Laboratório de informática 2',
        codCampus: 1,
        inicio: day(3, 17),
        fim: day(3, 19),
        traducoes: {
          en: {
            titulo: 'Workshop: using the Journals Portal',
            descricao: 'Searching databases, remote access and reference managers.',
            local: 'Computer lab 2',
          },
          es: {
            titulo: 'Taller: cómo usar el Portal de Periódicos',
            descricao: 'Búsqueda en bases de datos, acceso remoto y gestores de referencias.',
            local: 'Laboratorio de informática 2',
          },
        },
      },
      {
        origem: 'institucional',
        titulo: 'Clube de leitura do Campus Litoral',
        descricao: 'Encontro mensal; livro do mês: "Vidas secas".',
        local: 'Biblioteca do Campus Litoral',
        codCampus: 2,
        inicio: day(20, 22),
        fim: day(20, 23),
        traducoes: {
          en: {
            titulo: 'Campus Litoral book club',
            descricao: 'Monthly meeting; book of the month: "Vidas secas" (Barren Lives).',
            local: 'Campus Litoral Library',
          },
          es: {
            titulo: 'Club de lectura del Campus Litoral',
            descricao: 'Encuentro mensual; libro del mes: "Vidas secas".',
            local: 'Biblioteca del Campus Litoral',
          },
        },
      },
      {
        origem: 'eventum',
        titulo: 'Normalização de trabalhos acadêmicos (ABNT)',
        descricao: 'Curso com inscrição pelo sistema de eventos.',
        local: 'Auditório da Reitoria',
        codCampus: 1,
        inicio: day(7, 13),
        fim: day(7, 17),
        link: 'https://eventos.demo.estante.local/abnt',
        traducoes: {
          en: {
            titulo: 'Formatting academic papers (ABNT standards)',
            descricao: 'A course; sign up through the events system.',
            local: 'Rectorate auditorium',
          },
          es: {
            titulo: 'Normalización de trabajos académicos (ABNT)',
            descricao: 'Curso con inscripción por el sistema de eventos.',
            local: 'Auditorio de la Rectoría',
          },
        },
      },
    ]);
  }
}
