import { staffCommands } from '../../lib/staff-commands.js';
import { approveComment, pendingForModeration, rejectComment } from './comments.service.js';

/** A comment's number as typed. */
function commentNumber(args: string[]): number {
  const value = args[0] ?? '';
  if (!/^\d{1,9}$/.test(value)) throw new Error(`a comment number is needed\n${staffCommands.usage('comments')}`);
  return Number(value);
}

staffCommands.define({
  group: 'comments',
  verb: 'list',
  summary: 'comments awaiting approval',
  run: async (_args, { db }) => {
    const rows = await pendingForModeration(db);
    if (rows.length === 0) return 'no comments await approval';
    return rows
      .map((r) => `#${r.cod_comentario}  ${r.data_envio}  ${r.nome} on "${r.titulo}" (title ${r.cod_acervo}):\n    ${r.texto.replace(/\s+/g, ' ')}`)
      .join('\n');
  },
});

staffCommands.define({
  group: 'comments',
  verb: 'approve',
  args: '<id>',
  summary: 'publish a comment',
  run: async (args, { db }) => {
    const n = commentNumber(args);
    if (!(await approveComment(db, n))) throw new Error(`comment ${n} does not exist or is already published`);
    return `comment ${n} approved: it is now public`;
  },
});

staffCommands.define({
  group: 'comments',
  verb: 'reject',
  args: '<id>',
  summary: 'delete a comment that awaits approval',
  run: async (args, { db }) => {
    const n = commentNumber(args);
    if (!(await rejectComment(db, n))) throw new Error(`comment ${n} does not exist or is already published`);
    return `comment ${n} rejected and deleted`;
  },
});
