import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The units module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('units', {
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
  // Field names, and the messages sent to the library.
  'field.titulo': {
    pt: 'Título',
    en: 'Title',
    es: 'Título',
  },
  'field.autor': {
    pt: 'Autor',
    en: 'Author',
    es: 'Autor',
  },
  'field.edicao': {
    pt: 'Edição',
    en: 'Edition',
    es: 'Edición',
  },
  'field.editor': {
    pt: 'Editora',
    en: 'Publisher',
    es: 'Editorial',
  },
  'field.isbn': {
    pt: 'ISBN',
    en: 'ISBN',
    es: 'ISBN',
  },
  'field.issn': {
    pt: 'ISSN',
    en: 'ISSN',
    es: 'ISSN',
  },
  'field.periodico': {
    pt: 'Periódico',
    en: 'Serial',
    es: 'Publicación periódica',
  },
  'field.outras_inf': {
    pt: 'Outras informações',
    en: 'Other information',
    es: 'Otra información',
  },
  yes: {
    pt: 'sim',
    en: 'yes',
    es: 'sí',
  },
  no: {
    pt: 'não',
    en: 'no',
    es: 'no',
  },
  'mail.comment.subject': {
    pt: 'Comentário geral nº {id} — {library}',
    en: 'General comment no. {id} — {library}',
    es: 'Comentario general n.º {id} — {library}',
  },
  'mail.comment.body': {
    pt: '{from} escreveu à {library}:\n\n{content}\n',
    en: '{from} wrote to {library}:\n\n{content}\n',
    es: '{from} escribió a {library}:\n\n{content}\n',
  },
  'mail.suggestion.subject': {
    pt: 'Sugestão de aquisição nº {id} — {title}',
    en: 'Acquisition suggestion no. {id} — {title}',
    es: 'Sugerencia de adquisición n.º {id} — {title}',
  },
  'mail.suggestion.body': {
    pt: '{from} sugere a aquisição de:\n\n{fields}\n',
    en: '{from} suggests acquiring:\n\n{fields}\n',
    es: '{from} sugiere la adquisición de:\n\n{fields}\n',
  },
});

/** The errors the units module throws: the common ones and its own. */
export const errors = {
  ...common,
  requiredField: (field: string) => messages.error(422, 'CampoObrigatorioNaoPreenchido', { field }),
  suggestionsDisabled: () => messages.error(403, 'SugestoesDesativadas'),
  libraryNotOnCampus: (library: number, campus: number) => messages.error(422, 'BibliotecaForaDoCampus', { library, campus }),
  libraryMailFailed: () => messages.error(502, 'ErroEmailBiblioteca'),
};
