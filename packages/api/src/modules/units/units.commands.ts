import { staffCommands } from '../../lib/staff-commands.js';
import { recentGeneralComments, recentSuggestions } from './units.service.js';

staffCommands.define({
  group: 'comments',
  verb: 'general',
  screen: 'reads',
  summary: 'the latest general comments sent from the footer',
  run: async (_args, { db }) => {
    const rows = await recentGeneralComments(db);
    if (rows.length === 0) return 'no general comments yet';
    return rows.map((r) => `#${r.id}  ${r.enviadoEm.toISOString()}  ${r.pessoa} to ${r.biblioteca}:\n    ${r.texto.replace(/\s+/g, ' ')}`).join('\n');
  },
});

staffCommands.define({
  group: 'comments',
  verb: 'suggestions',
  screen: 'reads',
  summary: 'the latest acquisition suggestions',
  run: async (_args, { db }) => {
    const rows = await recentSuggestions(db);
    if (rows.length === 0) return 'no acquisition suggestions yet';
    return rows
      .map(
        (r) =>
          `#${r.id}  ${r.enviadoEm.toISOString()}  [${r.situacao}]  ${r.pessoa} for ${r.biblioteca}:\n    "${r.titulo}"${r.autor ? `, ${r.autor}` : ''} (${r.editor})`,
      )
      .join('\n');
  },
});
