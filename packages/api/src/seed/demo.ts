import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import {
  campuses,
  categoryPermissions,
  institution,
  institutionActivities,
  libraries,
  loanTypes,
  valueTranslations,
  logins,
  patronCategories,
  people,
  searchGuides,
} from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { readIso2709 } from '../marc/iso2709.js';
import { readMarcXml } from '../marc/marcxml.js';
import { type ImportReport, importMarcRecords } from '../modules/catalog/catalog.import.js';
import { seedCirculationPolicy, seedDemoCirculation, seedLoanHistory, seedLoansForLoanedCopies, seedPopulation } from './circulation.js';
import { insertCopiesForTitlesWithout, markClosedStacks } from './copies.js';
import { specialRecordItems } from './special.js';
import { seedHeadingAuthorities } from './authorities.js';
import { seedDemoComments } from './comments.js';
import { seedSerialIssues } from './serials.js';
import { seedTeachingPlans } from './teaching.js';
import { seedAcquisitions } from './acquisitions.js';
import { seedInstitutionContent } from './content.js';
import { STAFF_ROLES, type StaffRole } from '@estante/contracts/kernel';
import { grantRoles, personOfLogin } from '../modules/staff/staff.queries.js';

const dataDir = fileURLToPath(new URL('./data/', import.meta.url));

/** The real MARC files the demo library holds (see data/README.md). */
export const DEMO_MARC_FILES = [
  'lc-collection-opera-43.xml',
  'lc-collection-2.xml',
  'lc-collection-sandburg-1.xml',
  'zebra-sample-marc21.mrc',
  'melinda-100.mrc',
  'lc-collection-namemrc.xml',
  'lc-collection-subjmrc.xml',
];

/** The demo institution's logo (an open book and its acronym), shown on the sign-in page. */
const DEMO_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 72"><rect width="72" height="72" rx="12" fill="#1d4f91"/>' +
    '<path d="M14 18h16c4 0 6 2 6 6v32c-1-3-3-4-6-4H14z" fill="#f2a900"/><path d="M58 18H42c-4 0-6 2-6 6v32c1-3 3-4 6-4h16z" fill="#ffffff"/>' +
    '<text x="84" y="47" font-family="sans-serif" font-size="30" font-weight="700" fill="#1d4f91">UEVS</text></svg>',
)}`;

/** The password every demo account has; README.md lists the accounts. */
export const DEMO_PASSWORD = 'estante123';

/** Demo accounts: login, name, category, and what makes each one interesting. */
export const DEMO_PATRONS = [
  { login: 'aluno', nome: 'Ana Beatriz Souza', categoria: '01', email: 'ana.souza@demo.estante.local', bloqueio: false },
  { login: 'professor', nome: 'Carlos Eduardo Pereira', categoria: '04', email: 'carlos.pereira@demo.estante.local', bloqueio: false },
  { login: 'bloqueado', nome: 'Bruno Henrique Lima', categoria: '01', email: 'bruno.lima@demo.estante.local', bloqueio: true },
  { login: 'devedor', nome: 'Daniela Costa Ribeiro', categoria: '03', email: 'daniela.ribeiro@demo.estante.local', bloqueio: false },
  { login: 'mestrando', nome: 'Eduardo Martins Alves', categoria: '08', email: 'eduardo.alves@demo.estante.local', bloqueio: false },
  { login: 'funcionario', nome: 'Fernanda Oliveira Rocha', categoria: '05', email: 'fernanda.rocha@demo.estante.local', bloqueio: false },
  { login: 'comunidade', nome: 'Gustavo Nunes Teixeira', categoria: 'MembroComun', email: 'gustavo.teixeira@demo.estante.local', bloqueio: false },
  { login: 'leitora', nome: 'Isabela Castro Moura', categoria: '10', email: 'isabela.moura@demo.estante.local', bloqueio: false },
  { login: 'pesquisador', nome: 'João Pedro Antunes', categoria: '10', email: 'joao.antunes@demo.estante.local', bloqueio: false },
  // One staff member per role (issue 53), each offered only that role's sections.
  { login: 'balcao', nome: 'Luana Ferreira Dias', categoria: '05', email: 'luana.dias@demo.estante.local', bloqueio: false },
  { login: 'atendimento', nome: 'Marcos Vinícius Rocha', categoria: '05', email: 'marcos.rocha@demo.estante.local', bloqueio: false },
  { login: 'aquisicao', nome: 'Natália Campos Brito', categoria: '05', email: 'natalia.brito@demo.estante.local', bloqueio: false },
  { login: 'catalogacao', nome: 'Otávio Lopes Siqueira', categoria: '05', email: 'otavio.siqueira@demo.estante.local', bloqueio: false },
  { login: 'moderacao', nome: 'Priscila Mendes Araújo', categoria: '05', email: 'priscila.araujo@demo.estante.local', bloqueio: false },
  { login: 'administracao', nome: 'Rafael Tavares Gomes', categoria: '05', email: 'rafael.gomes@demo.estante.local', bloqueio: false },
] as const;

/** The demo's staff member with every staff role: Fernanda. */
export const DEMO_STAFF = { login: 'funcionario', roles: STAFF_ROLES } as const;

/** The demo's staff with one role each, the login named after it (`balcao` for the desk's `circulacao`). */
export const DEMO_ROLE_STAFF: readonly { login: string; role: StaffRole }[] = [
  { login: 'balcao', role: 'circulacao' },
  { login: 'atendimento', role: 'atendimento' },
  { login: 'aquisicao', role: 'aquisicao' },
  { login: 'catalogacao', role: 'catalogacao' },
  { login: 'moderacao', role: 'moderacao' },
  { login: 'administracao', role: 'administracao' },
];

/**
 * Isabela keeps her personal data in Meu Pergamum (a CPF, an address, a phone) and her
 * registration ends in 20 days: the expiry notice (spec §8) has someone to warn.
 */
export const DEMO_PERSONAL_DATA = {
  login: 'leitora',
  cpf: '11144477735',
  validInDays: 20,
  telefone: '(48) 3721-5555',
  logradouro: 'Rua Lauro Linhares, 589',
  cep: '88036001',
  cidade: 'Florianópolis',
  bairro: 'Trindade',
} as const;

/**
 * Helena is a professor and a doctoral student: two registrations sharing her CPF, signing in
 * as `docente` — the login-origin chooser, institution 571's duplicate chooser and 87's
 * category selector all have someone to show.
 */
export const DEMO_TWO_REGISTRATIONS = {
  login: 'docente',
  nome: 'Helena Prado Vieira',
  email: 'helena.vieira@demo.estante.local',
  cpf: '52998224725',
  categorias: ['04', '09'],
} as const;

/** What a seed did. */
export interface SeedSummary {
  realRecords: Pick<ImportReport, 'inserted' | 'updated' | 'unchanged'> & { rejected: number };
  generatedTitles: number;
  copies: number;
  patrons: number;
  loans: number;
  debts: number;
  teachingPlans: number;
}

/**
 * Seeds the demo library when the database has no institution yet; returns null when it
 * already has one. Every step is idempotent and the institution row is written last, so a
 * seed interrupted half-way simply runs again at the next start.
 */
export async function seedDemoIfEmpty(
  db: Db,
  options: { titles: number; log?: (message: string) => void; catalogueSeeded?: boolean },
): Promise<SeedSummary | null> {
  const log = options.log ?? (() => undefined);
  const [existing] = await db.select({ id: institution.id }).from(institution).limit(1);
  if (existing) return null;
  log('empty database: seeding the demo library');
  const { real, generated } = options.catalogueSeeded ? await seededCatalogue(db) : await seedDemoCatalogue(db, options.titles, log);
  const copies = await insertCopiesForTitlesWithout(db);
  await markClosedStacks(db);
  await seedSerialIssues(db);
  // Spread acquisition dates over two years so "new acquisitions" means something.
  // The titles just imported — or, from the demo template, all of them (made at install).
  const fresh = options.catalogueSeeded ? sql`true` : sql`created_at > now() - interval '1 hour'`;
  await db.execute(sql`update titles set created_at = now() - ((cod_acervo * 7919) % 730) * interval '1 day' where ${fresh}`);
  // Copies arrive with their title or, for some, up to three months after it (collection totals by period).
  await db.execute(
    sql`update copies c set data_aquisicao = least(current_date, t.created_at::date + (c.cod_exemplar % 4) * 30)
        from titles t where t.cod_acervo = c.cod_acervo and c.data_aquisicao = current_date and t.created_at::date < current_date`,
  );
  const patrons = await seedPatrons(db);
  await seedCirculationPolicy(db);
  await seedPopulation(db);
  const loaned = await seedLoansForLoanedCopies(db);
  const circulation = await seedDemoCirculation(db);
  await seedLoanHistory(db);
  await seedDemoComments(db);
  await seedAcquisitions(db);
  const teachingPlans = await seedTeachingPlans(db);
  await seedInstitutionContent(db);
  await seedInstitution(db);
  return {
    realRecords: real,
    generatedTitles: generated,
    copies,
    patrons,
    loans: loaned + circulation.loans,
    debts: circulation.debts,
    teachingPlans,
  };
}

/**
 * The part of the demo library that does not depend on today's date: reference data, the real
 * and special MARC records, `titles` generated titles and the heading authorities. The
 * installation's demo template (db/pglite-template.ts) is a database with this done.
 */
export async function seedDemoCatalogue(
  db: Db,
  titles: number,
  log: (message: string) => void = () => undefined,
): Promise<{ real: SeedSummary['realRecords']; generated: number }> {
  await seedReferenceData(db);
  const real = await importRealRecords(db);
  log(`real MARC records: ${real.inserted} imported`);
  // Archive documents, normative acts, court decisions and technical standards (decision 0014).
  await importMarcRecords(db, specialRecordItems());
  const generated = await importGenerated(db, titles, (done) => log(`generated titles: ${done}/${titles}`));
  await seedHeadingAuthorities(db);
  return { real: { inserted: real.inserted, updated: real.updated, unchanged: real.unchanged, rejected: real.rejected.length }, generated };
}

/** What seedDemoCatalogue left in a database made from the demo template. */
async function seededCatalogue(db: Db): Promise<{ real: SeedSummary['realRecords']; generated: number }> {
  const [row] = await queryRows<{ generated: number; other: number }>(
    db,
    sql`select count(*) filter (where control_number like 'GEN%')::int as generated, count(*) filter (where control_number not like 'GEN%')::int as other from titles`,
  );
  return { real: { inserted: row?.other ?? 0, updated: 0, unchanged: 0, rejected: 0 }, generated: row?.generated ?? 0 };
}

/** Imports the real MARC files shipped in data/. */
export async function importRealRecords(db: Db): Promise<ImportReport> {
  const total: ImportReport = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: [], junk: [], warnings: [], omitted: { rejected: 0, warnings: 0 } };
  for (const file of DEMO_MARC_FILES) {
    const path = dataDir + file;
    const items = file.endsWith('.xml') ? readMarcXml(readFileSync(path, 'utf8')) : readIso2709(readFileSync(path));
    const report = await importMarcRecords(db, items);
    total.read += report.read;
    total.inserted += report.inserted;
    total.updated += report.updated;
    total.unchanged += report.unchanged;
    total.rejected.push(...report.rejected);
  }
  return total;
}

/**
 * Grows a seeded catalogue by generated titles `from`..`from+count-1`, gives them copies and
 * lends the copies shown as on loan (npm run generate, the benchmarks). The demo library must
 * be there first: its patrons hold the loans.
 */
export async function addGeneratedTitles(
  db: Db,
  count: number,
  from: number,
  onProgress?: (done: number) => void,
): Promise<{ titles: number; copies: number }> {
  const titles = await importGenerated(db, count, onProgress, from);
  // Generated titles only: an imported catalogue's titles without copies stay without.
  const copies = await insertCopiesForTitlesWithout(db, { generatedOnly: true });
  await seedLoansForLoanedCopies(db);
  return { titles, copies };
}

/** Imports generated titles 1..count through the same pipeline as a file; returns how many. */
export async function importGenerated(db: Db, count: number, onProgress?: (done: number) => void, from = 1): Promise<number> {
  // Loaded when titles are generated (faker's three locales): a start from the demo template does not.
  const { generateTitleRecords } = await import('./generator.js');
  const report = await importMarcRecords(db, generateTitleRecords(count, from), {
    batchSize: 1000,
    onProgress: (offset) => onProgress?.(offset - from + 1),
  });
  return report.inserted + report.updated + report.unchanged;
}

/** The demo library's set-up (campuses, libraries, loan types, categories and their names, activities, search guides): not its collection. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(campuses)
    .values([
      { codCampus: 1, nome: 'Campus Central' },
      { codCampus: 2, nome: 'Campus Litoral' },
      { codCampus: 3, nome: 'Campus Serra' },
    ])
    .onConflictDoNothing();
  await db
    .insert(libraries)
    .values([
      { codBiblioteca: 1, codCampus: 1, nome: 'Biblioteca Central', sigla: 'BC', email: 'bc@demo.estante.local' },
      { codBiblioteca: 2, codCampus: 1, nome: 'Biblioteca Setorial de Ciências da Saúde', sigla: 'BSCS', email: 'bscs@demo.estante.local' },
      { codBiblioteca: 3, codCampus: 1, nome: 'Biblioteca Setorial de Direito', sigla: 'BSD', email: 'bsd@demo.estante.local' },
      { codBiblioteca: 4, codCampus: 2, nome: 'Biblioteca do Campus Litoral', sigla: 'BCL', email: 'bcl@demo.estante.local' },
      { codBiblioteca: 5, codCampus: 3, nome: 'Biblioteca do Campus Serra', sigla: 'BCS', email: 'bcs@demo.estante.local' },
    ])
    .onConflictDoNothing();
  // Explicit ids above leave the serial sequences behind; move them past the seeded rows.
  await db.execute(sql`select setval(pg_get_serial_sequence('campuses', 'cod_campus'), (select max(cod_campus) from campuses))`);
  await db.execute(sql`select setval(pg_get_serial_sequence('libraries', 'cod_biblioteca'), (select max(cod_biblioteca) from libraries))`);
  await db
    .insert(loanTypes)
    .values([
      { codTipoEmprestimo: 1, descricao: 'Normal', permiteEmprestimo: true, permiteReserva: true },
      { codTipoEmprestimo: 2, descricao: 'Curto prazo', permiteEmprestimo: true, permiteReserva: true },
      { codTipoEmprestimo: 3, descricao: 'Especial', permiteEmprestimo: true, permiteReserva: false },
      { codTipoEmprestimo: 4, descricao: 'Consulta local', permiteEmprestimo: false, permiteReserva: false },
    ])
    .onConflictDoNothing();
  // The demo library's loan types, collections and patron categories in English and Spanish (issues 24, 55): what
  // `npm run institution -- translate` records for a real one.
  await db
    .insert(valueTranslations)
    .values([
      { kind: 'tipo_emprestimo', valor: 'Normal', en: 'Standard', es: 'Normal' },
      { kind: 'tipo_emprestimo', valor: 'Curto prazo', en: 'Short loan', es: 'Préstamo corto' },
      { kind: 'tipo_emprestimo', valor: 'Especial', en: 'Special', es: 'Especial' },
      { kind: 'tipo_emprestimo', valor: 'Consulta local', en: 'Library use only', es: 'Consulta en sala' },
      { kind: 'colecao', valor: 'Acervo geral', en: 'General collection', es: 'Colección general' },
      { kind: 'colecao', valor: 'Periódicos', en: 'Periodicals', es: 'Publicaciones periódicas' },
      { kind: 'colecao', valor: 'Teses e dissertações', en: 'Theses and dissertations', es: 'Tesis y disertaciones' },
      { kind: 'colecao', valor: 'Multimeios', en: 'Multimedia', es: 'Multimedia' },
      { kind: 'colecao', valor: 'Mapoteca', en: 'Map library', es: 'Mapoteca' },
      { kind: 'colecao', valor: 'Bibliografia básica', en: 'Core reading', es: 'Bibliografía básica' },
      // The patron categories below (issue 55): what a patron reads as their category.
      { kind: 'categoria', valor: 'Aluno de graduação', en: 'Undergraduate student', es: 'Estudiante de grado' },
      { kind: 'categoria', valor: 'Aluno de graduação a distância', en: 'Distance-learning undergraduate', es: 'Estudiante de grado a distancia' },
      { kind: 'categoria', valor: 'Aluno de pós-graduação', en: 'Graduate student', es: 'Estudiante de posgrado' },
      { kind: 'categoria', valor: 'Aluno especial', en: 'Non-degree student', es: 'Estudiante especial' },
      { kind: 'categoria', valor: 'Aluno de curso técnico', en: 'Technical course student', es: 'Estudiante de curso técnico' },
      { kind: 'categoria', valor: 'Aluno de pós-graduação especial', en: 'Non-degree graduate student', es: 'Estudiante de posgrado especial' },
      { kind: 'categoria', valor: 'Aluno de mestrado', en: "Master's student", es: 'Estudiante de maestría' },
      { kind: 'categoria', valor: 'Aluno de doutorado', en: 'PhD student', es: 'Estudiante de doctorado' },
      { kind: 'categoria', valor: 'Servidor técnico-administrativo', en: 'Administrative staff', es: 'Personal técnico-administrativo' },
      { kind: 'categoria', valor: 'Servidor do hospital universitário', en: 'University hospital staff', es: 'Personal del hospital universitario' },
      { kind: 'categoria', valor: 'Aluno de intercâmbio', en: 'Exchange student', es: 'Estudiante de intercambio' },
      { kind: 'categoria', valor: 'Membro da comunidade', en: 'Community member', es: 'Miembro de la comunidad' },
      { kind: 'categoria', valor: 'Professor', en: 'Professor', es: 'Profesor' },
      { kind: 'categoria', valor: 'Usuário especial', en: 'Special patron', es: 'Usuario especial' },
    ])
    .onConflictDoNothing();
  await db
    .insert(patronCategories)
    .values([
      { codCategoria: '01', descricao: 'Aluno de graduação', limiteEmprestimos: 6 },
      { codCategoria: '19', descricao: 'Aluno de graduação a distância' },
      { codCategoria: '03', descricao: 'Aluno de pós-graduação', limiteEmprestimos: 8 },
      { codCategoria: '06', descricao: 'Aluno especial' },
      { codCategoria: '07', descricao: 'Aluno de curso técnico' },
      { codCategoria: '21', descricao: 'Aluno de pós-graduação especial' },
      { codCategoria: '08', descricao: 'Aluno de mestrado' },
      { codCategoria: '09', descricao: 'Aluno de doutorado' },
      { codCategoria: '05', descricao: 'Servidor técnico-administrativo' },
      { codCategoria: '12', descricao: 'Servidor do hospital universitário' },
      { codCategoria: 'Intercamb', descricao: 'Aluno de intercâmbio' },
      { codCategoria: 'MembroComun', descricao: 'Membro da comunidade' },
      { codCategoria: '04', descricao: 'Professor', professor: true, limiteEmprestimos: 15 },
      { codCategoria: '10', descricao: 'Usuário especial' },
    ])
    .onConflictDoNothing();
  const categories = await db.select({ cod: patronCategories.codCategoria }).from(patronCategories);
  const granted = [8, 12, 13];
  await db
    .insert(categoryPermissions)
    .values(categories.flatMap(({ cod }) => granted.map((codAtividade) => ({ codCategoria: cod, codModulo: 3, codAtividade }))))
    .onConflictDoNothing();
  await db
    .insert(institutionActivities)
    .values([8, 12, 13, 57, 87, 88].map((codAtividade) => ({ codModulo: 3, codAtividade })))
    .onConflictDoNothing();
  await db
    .insert(searchGuides)
    .values(
      [
        ['geral', 'pesquisa-geral'],
        ['avancada', 'pesquisa-avancada'],
        ['ebooks', 'ebooks'],
        ['autoridades', 'autoridades'],
        ['novas_aquisicoes', 'novas-aquisicoes'],
        ['acessibilidade', 'acessibilidade'],
        ['arquivo', 'arquivo'],
        ['atos_normativos', 'atos-normativos'],
        ['jurisprudencia', 'jurisprudencia'],
        ['plano_ensino', 'plano-ensino'],
        ['rede', 'rede-pergamum'],
      ].map(([codigo, rota], i) => ({ codigo: codigo!, rota: rota!, ordem: i + 1 })),
    )
    .onConflictDoNothing();
}

async function seedPatrons(db: Db): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let count = 0;
  for (const patron of DEMO_PATRONS) {
    const [already] = await queryRows(db, sql`select 1 from ${logins} where login = ${patron.login}`);
    if (already) continue;
    await db.transaction(async (tx) => {
      const [person] = await tx
        .insert(people)
        .values({ nome: patron.nome, email: patron.email, codCategoria: patron.categoria, bloqueio: patron.bloqueio })
        .returning({ codPessoa: people.codPessoa });
      await tx.insert(logins).values({ login: patron.login, codPessoa: person!.codPessoa, passwordHash });
      // Ana also signs in with her enrolment number: one person, two logins (spec §4 person picker).
      if (patron.login === 'aluno') await tx.insert(logins).values({ login: '2024001234', codPessoa: person!.codPessoa, passwordHash });
    });
    count++;
  }
  // Fernanda is the library's staff, with every role: the staff calls and commands answer her.
  const staff = await personOfLogin(db, DEMO_STAFF.login);
  if (staff) await grantRoles(db, staff.cod_pessoa, DEMO_STAFF.roles);
  for (const { login, role } of DEMO_ROLE_STAFF) {
    const member = await personOfLogin(db, login);
    if (member) await grantRoles(db, member.cod_pessoa, [role]);
  }
  const isabela = DEMO_PERSONAL_DATA;
  await db.execute(
    sql`update people set cpf = ${isabela.cpf}, validade = current_date + ${isabela.validInDays}::int
        where cod_pessoa = (select cod_pessoa from logins where login = ${isabela.login}) and cpf is null`,
  );
  await db.execute(
    sql`insert into personal_data (cod_pessoa, telefone, logradouro, cep, cidade, bairro, nacionalidade)
        select cod_pessoa, ${isabela.telefone}, ${isabela.logradouro}, ${isabela.cep}, ${isabela.cidade}, ${isabela.bairro}, 'Brasileira'
        from logins where login = ${isabela.login}
        on conflict (cod_pessoa) do nothing`,
  );
  const helena = DEMO_TWO_REGISTRATIONS;
  const [already] = await queryRows(db, sql`select 1 from ${logins} where login = ${helena.login}`);
  if (!already) {
    await db.transaction(async (tx) => {
      const registrations = await tx
        .insert(people)
        .values(helena.categorias.map((codCategoria) => ({ nome: helena.nome, email: helena.email, cpf: helena.cpf, codCategoria })))
        .returning({ codPessoa: people.codPessoa });
      await tx.insert(logins).values({ login: helena.login, codPessoa: registrations[0]!.codPessoa, passwordHash });
    });
    count++;
  }
  return count;
}

/** Categories of the demo's undergraduate and graduate students, professors and staff (seed/e-resources.ts licences them too). */
const LICENSED = ['01', '19', '03', '06', '21', '08', '09', '04', '05'];

/**
 * The external providers of the demo library (decision 0023): Pearson's virtual library and
 * Target GEDWeb's standards hand the patron over with a signed one-time token (only when the
 * server has PROVIDER_SECRET); Minha Biblioteca and UpToDate are plain links. Every sixth
 * generated e-book is at Pearson's platform (seed/generator.ts), restricted to the institution.
 */
const DEMO_PROVIDERS = {
  pearson: {
    entrega: 'assinada',
    url: 'https://plataforma.bvirtual.com.br/sso/estante?token={token}&destino={destino}',
    dominios: ['plataforma.bvirtual.com.br'],
    categorias: LICENSED,
    // The patron's name, for the provider's greeting; not the e-mail address (LGPD: only what it needs).
    dados: ['nome'],
    validade: 60,
  },
  target: {
    entrega: 'assinada',
    url: 'https://www.gedweb.com.br/aplicacao/usuario/asp/det_norma.asp?norma={codigo}&token={token}',
    dominios: ['gedweb.com.br'],
    categorias: ['04', '05'],
  },
  minhabiblioteca: {
    entrega: 'link',
    url: 'https://dliportal.zbra.com.br/Login.aspx?key=UEVS',
    dominios: ['minhabiblioteca.com.br'],
    categorias: LICENSED,
  },
  uptodate: {
    entrega: 'link',
    url: 'https://www.uptodate.com/contents/search',
    dominios: ['uptodate.com'],
    categorias: ['03', '08', '09', '04', '12'],
  },
};

/** The demo institution's row (its name, texts, theme and parameters). */
export async function seedInstitution(db: Db): Promise<void> {
  await db
    .insert(institution)
    .values({
      id: 1,
      codEmpresa: 1,
      sigla: 'UEVS',
      nome: 'Universidade Estadual do Vale do Sabiá',
      denominacaoLogin: 'Matrícula ou CPF',
      destinoPadraoLogin: 'C',
      msgLogin: 'Bem-vindo ao catálogo das bibliotecas da UEVS. Entre com sua matrícula ou CPF e sua senha.',
      msgSuporteConsulta:
        '<p>Dúvidas sobre o catálogo? Escreva para <a href="mailto:biblioteca@demo.estante.local">biblioteca@demo.estante.local</a> ou ligue (48) 3721-0000, de segunda a sexta, das 8h às 20h.</p>',
      linkLgpd: 'https://demo.estante.local/privacidade',
      traducoes: {
        en: {
          denominacao_login: 'Enrolment number or CPF',
          msg_login: 'Welcome to the catalogue of the UEVS libraries. Sign in with your enrolment number or CPF and your password.',
          msg_suporte_consulta:
            '<p>Questions about the catalogue? Write to <a href="mailto:biblioteca@demo.estante.local">biblioteca@demo.estante.local</a> or call +55 48 3721-0000, Monday to Friday, 8 am to 8 pm.</p>',
        },
        es: {
          denominacao_login: 'Matrícula o CPF',
          msg_login: 'Bienvenido al catálogo de las bibliotecas de la UEVS. Ingrese con su matrícula o CPF y su contraseña.',
          msg_suporte_consulta:
            '<p>¿Dudas sobre el catálogo? Escriba a <a href="mailto:biblioteca@demo.estante.local">biblioteca@demo.estante.local</a> o llame al +55 48 3721-0000, de lunes a viernes, de 8 a 20 h.</p>',
        },
      },
      tema: { corPrimaria: '#1d4f91', corSecundaria: '#f2a900', logo: DEMO_LOGO },
      parametros: {
        __md_aut: 2,
        __md_crypt: 4,
        __web_url_pw: null,
        __web_aquisicao: 'https://demo.estante.local/aquisicao/docentes',
        __web_icap: 'https://demo.estante.local/icap',
        __web_rede: 'https://demo.estante.local/rede-pergamum',
        autoatendimento: { ativo: true, url: 'https://demo.estante.local/autoatendimento', biblioteca: 1, autenticacao: 'senha', idioma: 'pt', teclado: true },
        app_layers: { ativo: false, url: null },
        provedores: DEMO_PROVIDERS,
      },
    })
    .onConflictDoNothing();
}
