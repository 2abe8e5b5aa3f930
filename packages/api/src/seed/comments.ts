import { sql } from 'drizzle-orm';
import { type Db, executeCount } from '../db/client.js';

/** Demo comments: who wrote them (demo logins), on which real record (control number), published or not. */
const DEMO_COMMENTS = [
  {
    login: 'professor',
    control: '5637241',
    texto: 'Gravação essencial para a disciplina de História da Música Popular: recomendo ouvir antes da aula sobre o jazz dos anos 1950.',
    moderado: true,
  },
  { login: 'aluno', control: '5637241', texto: 'Excelente qualidade de som. O encarte tem as letras das músicas.', moderado: true },
  { login: 'mestrando', control: '5637241', texto: 'Alguém sabe se existe uma edição remasterizada no acervo?', moderado: false },
];

/**
 * A few comments on a real record, two published and one awaiting approval (shows
 * `npm run comments -- list`). Skipped when any comment exists or the record is missing.
 */
export async function seedDemoComments(db: Db): Promise<number> {
  let added = 0;
  for (const c of DEMO_COMMENTS) {
    added += await executeCount(
      db,
      sql`insert into comments (cod_acervo, cod_pessoa, cod_biblioteca, texto, moderado, data_envio, data_aprovacao)
          select t.cod_acervo, l.cod_pessoa, (select min(cod_biblioteca) from libraries), ${c.texto}, ${c.moderado},
                 now() - interval '3 days', case when ${c.moderado} then now() - interval '2 days' end
          from titles t, logins l
          where t.control_number = ${c.control} and l.login = ${c.login}
            and not exists (select 1 from comments where texto = ${c.texto})`,
    );
  }
  return added;
}
