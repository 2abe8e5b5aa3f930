import { type Language, LANGUAGES } from '@estante/contracts/kernel';
import i18next from 'i18next';
import { AppError } from './errors.js';

/** Values for a text's `{name}` placeholders. */
export type Params = Record<string, string | number>;

/** A module's texts: each key in every interface language (the type makes a missing one an error). */
export type Texts<K extends string> = Record<K, Record<Language, string>>;

/** `mail.intro` for keys `mail.intro_one` / `mail.intro_other`: a text chosen by `{count}` (i18next plurals). */
type Plural<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : never;

/** A module's texts, once defined: translated by key, or thrown as an error the client reads. */
export interface Messages<K extends string> {
  readonly namespace: string;
  /** The text for `key` in `language`, its `{name}` placeholders filled from `params`. */
  t(key: K | Plural<K>, language: Language, params?: Params): string;
  /**
   * An error answering `status` with the text for `key` (translated when sent, in the call's
   * language); a text in plural forms is named without its suffix and chosen by `params.count`.
   */
  error(status: number, key: K | Plural<K>, params?: Params, localized?: (language: Language) => Params): AppError;
}

/**
 * The server's one i18n mechanism (issue 16): i18next, as in the web app, one namespace per
 * module. Error messages, e-mail bodies and PDF texts all come from it; the completeness test
 * (i18n.test.ts) checks every namespace has every key in pt, en and es with the same placeholders.
 */
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  showSupportNotice: false,
  lng: 'pt',
  fallbackLng: false,
  supportedLngs: LANGUAGES,
  ns: [],
  resources: {},
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  // A placeholder with no value stays visible as `{name}`, never silently empty.
  missingInterpolationHandler: (_text, match) => match[0],
});

const catalogue = new Map<string, Texts<string>>();

/**
 * Registers a module's texts under `namespace` (the module's name) and returns its translator.
 * Keys are the spec's message keys where it has them (`CampoObrigatorioNaoPreenchido`), and are
 * what an error response carries as `key`.
 */
export function defineMessages<K extends string>(namespace: string, texts: Texts<K>): Messages<K> {
  if (catalogue.has(namespace)) throw new Error(`messages for ${namespace} are defined twice`);
  catalogue.set(namespace, texts);
  for (const language of LANGUAGES) {
    const bundle = Object.fromEntries(Object.entries<Record<Language, string>>(texts).map(([key, text]) => [key, text[language]]));
    i18n.addResourceBundle(language, namespace, bundle);
  }
  const messages: Messages<K> = {
    namespace,
    t: (key, language, params = {}) => i18n.t(key, { ...params, ns: namespace, lng: language }),
    // `localized`: the values a language writes its own way (an amount, a date), over `params`.
    error: (status, key, params = {}, localized) =>
      new AppError(status, key, params, (language) => messages.t(key, language, { ...params, ...localized?.(language) })),
  };
  return messages;
}

/** Every namespace's texts, for the completeness test. */
export function messageCatalogue(): ReadonlyMap<string, Texts<string>> {
  return catalogue;
}

/** The library's currency: its debts are in reais whatever the reader's language (decision 0046). */
export const LIBRARY_CURRENCY = 'BRL';
const LOCALE: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/**
 * An amount in the library's currency, written as `language` writes money: "R$ 72,40" (pt),
 * "R$72.40" (en), "72,40 BRL" (es) — as the web app's formatMoney; never another currency's symbol.
 */
export function money(value: string | number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: LIBRARY_CURRENCY }).format(Number(value)).replace(/[\u00a0\u202f]/g, ' ');
}

/** As the web app writes dates (its LOCALE_TAGS). */
const DATE_LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

/**
 * A day as `language` writes it, so that nobody misreads it: "10/03/2026" (pt, es), "Mar 10, 2026"
 * (en: the month by name, as the web app's ui/dates.ts), never a two-digit year; a Date, or a
 * calendar day `YYYY-MM-DD` (read as that day, whatever the server's time zone). Never the ISO
 * form in a patron's message (issues 24, 55).
 */
export function formatDay(language: Language, day: Date | string): string {
  const date = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day;
  const timeZone = typeof day === 'string' ? 'UTC' : undefined;
  return dayFormat(language, timeZone).format(date);
}

/**
 * formatDay's formatter per language and zone, made once: making one costs tens of microseconds,
 * and a notices run writes a line per loan (hundreds of thousands in a large catalogue).
 */
function dayFormat(language: Language, timeZone: 'UTC' | undefined): Intl.DateTimeFormat {
  const key = `${language}:${timeZone ?? ''}`;
  let format = dayFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = language === 'en' ? { dateStyle: 'medium' } : { day: '2-digit', month: '2-digit', year: 'numeric' };
    dayFormats.set(key, (format = new Intl.DateTimeFormat(DATE_LOCALES[language], { ...options, timeZone })));
  }
  return format;
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();
