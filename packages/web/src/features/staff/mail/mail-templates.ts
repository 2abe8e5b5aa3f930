import type { operationsEndpoints } from '@estante/contracts/jobs';
import type { EndpointOutput, Language } from '@estante/contracts/kernel';

/** What the mail settings call answers: the sender in use, the server's default, the templates. */
export type MailSettingsData = EndpointOutput<typeof operationsEndpoints.mailSettings>;
/** One message template: its module, its key, its text in each language. */
export type MailTemplate = MailSettingsData['modelos'][number];

/** A module's templates, in the order the server gives them. */
export interface TemplateGroup {
  modulo: string;
  templates: MailTemplate[];
}

/** A piece of a template's text: words as sent, or a `{placeholder}` the server fills in when sending. */
export interface TextPart {
  text: string;
  placeholder: boolean;
}

/** The server's placeholders: i18next's with single braces (`{title}`, `{count}`). */
const PLACEHOLDER = /(\{[A-Za-z_][\w.]*\})/;

/** A template's text cut at its placeholders, so the screen can set them apart. */
export function textParts(text: string): TextPart[] {
  // With a capturing group, `split` puts each placeholder at an odd index.
  return text
    .split(PLACEHOLDER)
    .map((piece, i) => ({ text: piece, placeholder: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/** Lower case without accents: "aviso" finds "Aviso", "atencao" finds "atenção". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The templates whose key or text in `language` holds `filter` (any case, any accents; all of
 * them when it is blank), grouped by module.
 */
export function groupTemplates(templates: readonly MailTemplate[], language: Language, filter: string): TemplateGroup[] {
  const wanted = fold(filter.trim());
  const groups = new Map<string, MailTemplate[]>();
  for (const template of templates) {
    if (wanted && !fold(template.chave).includes(wanted) && !fold(template[language]).includes(wanted)) continue;
    const group = groups.get(template.modulo);
    if (group) group.push(template);
    else groups.set(template.modulo, [template]);
  }
  return [...groups].map(([modulo, list]) => ({ modulo, templates: list }));
}
