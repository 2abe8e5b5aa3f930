import { moderationEndpoints } from '@estante/contracts/comments';
import { AppError } from '../../lib/errors.js';
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
  screen: 'reads',
  summary: 'comments awaiting approval',
  run: async (_args, { db }) => {
    const rows = await pendingForModeration(db);
    if (rows.length === 0) return 'no comments await approval';
    return rows
      .map((r) => `#${r.cod_comentario}  ${r.data_envio}  ${r.nome} on "${r.titulo}" (title ${r.cod_acervo}):\n    ${r.texto.replace(/\s+/g, ' ')}`)
      .join('\n');
  },
});

/** The moderation's refusals (no such comment, or not awaiting approval), as the command line says them. */
async function asCommand<T>(n: number, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 409)) throw new Error(`comment ${n} does not exist or is already published`);
    throw error;
  }
}

staffCommands.define({
  group: 'comments',
  verb: 'approve',
  screen: moderationEndpoints.approve,
  args: '<id>',
  summary: 'publish a comment',
  run: async (args, { db, actor }) => {
    const n = commentNumber(args);
    await asCommand(n, () => approveComment(db, n, actor));
    return `comment ${n} approved: it is now public`;
  },
});

staffCommands.define({
  group: 'comments',
  verb: 'reject',
  screen: moderationEndpoints.reject,
  args: '<id> [reason…]',
  summary: 'delete a comment that awaits approval (its text and the reason\nstay in the staff audit)',
  run: async (args, { db, actor }) => {
    const n = commentNumber(args);
    await asCommand(n, () => rejectComment(db, n, args.slice(1).join(' ') || null, actor));
    return `comment ${n} rejected and deleted`;
  },
});
