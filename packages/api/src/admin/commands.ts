import type { Db } from '../db/client.js';
import { approveComment, pendingForModeration, rejectComment } from '../modules/comments/comments.service.js';
import type { AdminRequest } from './channel.js';

export const USAGE = `usage:
  npm run comments -- list            comments awaiting approval
  npm run comments -- approve <id>    publish a comment
  npm run comments -- reject <id>     delete a comment that awaits approval`;

/** Runs a staff command against the database and returns what to print. */
export async function runAdminCommand(db: Db, { command, args }: AdminRequest): Promise<string> {
  const id = (): number => {
    const value = args[0] ?? '';
    if (!/^\d{1,9}$/.test(value)) throw new Error(`a comment number is needed\n${USAGE}`);
    return Number(value);
  };
  switch (command) {
    case 'comments.list': {
      const rows = await pendingForModeration(db);
      if (rows.length === 0) return 'no comments await approval';
      return rows.map((r) => `#${r.cod_comentario}  ${r.data_envio}  ${r.nome} on "${r.titulo}" (title ${r.cod_acervo}):\n    ${r.texto.replace(/\s+/g, ' ')}`).join('\n');
    }
    case 'comments.approve': {
      const n = id();
      if (!(await approveComment(db, n))) throw new Error(`comment ${n} does not exist or is already published`);
      return `comment ${n} approved: it is now public`;
    }
    case 'comments.reject': {
      const n = id();
      if (!(await rejectComment(db, n))) throw new Error(`comment ${n} does not exist or is already published`);
      return `comment ${n} rejected and deleted`;
    }
    default:
      throw new Error(`unknown command ${command}\n${USAGE}`);
  }
}
