import { type Language } from '@estante/contracts/kernel';
import { type AppLayers, type Atendimento, type Autoatendimento, type Conteudo, type Evento, type Faq, WEEKDAYS } from '@estante/contracts/parameters';
import type { Db } from '../../db/client.js';
import { errors } from './parameters.messages.js';
import { findContent, findActivity, listCampusLibraries, listEvents, listFaq, listOpeningHours } from './content.queries.js';
import { institutionSettings } from './parameters.service.js';

/** The pages `/parametros/{chave}` serves. */
export type PageKey = 'secao_1' | 'secao_2' | 'informacoes_gerais';

/**
 * One of the institution's pages in `language`; the Portuguese text when it has none in that
 * language (the institution writes in Portuguese first), null when it wrote none at all.
 */
export async function page(db: Db, chave: PageKey | `atividade:${number}`, language: Language): Promise<Conteudo> {
  const rows = await findContent(db, chave);
  const row = rows.find((r) => r.idioma === language) ?? rows.find((r) => r.idioma === 'pt');
  return row ? { titulo: row.titulo, html: row.html } : null;
}

/** `GET /parametros/faq`: in `language`, else in Portuguese. */
export async function faq(db: Db, language: Language): Promise<Faq> {
  const own = await listFaq(db, language);
  return own.length > 0 || language === 'pt' ? own : listFaq(db, 'pt');
}

/** `GET /parametros/atividade/{id}`: 404 for a code the product does not know. */
export async function activity(db: Db, codAtividade: number) {
  const row = await findActivity(db, codAtividade);
  if (!row) throw errors.activityNotFound(codAtividade);
  return { cod_modulo: row.codModulo, cod_atividade: row.codAtividade, descricao: row.descricao, ativa: row.ativa };
}

/** `GET /parametros/atividade/{id}/informativo`: the institution's note about the feature. */
export async function activityNote(db: Db, codAtividade: number, language: Language): Promise<Conteudo> {
  await activity(db, codAtividade);
  return page(db, `atividade:${codAtividade}`, language);
}

/**
 * `GET /parametros/atendimento` (`/{campus}`): every campus (or the one asked for, 404 when
 * unknown) with its libraries and their week, Monday to Sunday; a day without hours is closed.
 */
export async function openingHoursOf(db: Db, codCampus?: number): Promise<Atendimento> {
  const rows = await listCampusLibraries(db, codCampus);
  if (codCampus !== undefined && rows.length === 0) throw errors.campusNotFound(codCampus);
  const hours = await listOpeningHours(
    db,
    rows.flatMap((r) => (r.codBiblioteca === null ? [] : [r.codBiblioteca])),
  );
  const result: Atendimento = [];
  for (const row of rows) {
    let campus = result.find((c) => c.cod_campus === row.codCampus);
    if (!campus) {
      campus = { cod_campus: row.codCampus, nome_campus: row.nomeCampus, bibliotecas: [] };
      result.push(campus);
    }
    if (row.codBiblioteca === null || row.nomeBiblioteca === null) continue;
    const own = hours.filter((h) => h.codBiblioteca === row.codBiblioteca);
    campus.bibliotecas.push({
      cod_biblioteca: row.codBiblioteca,
      desc_biblioteca: row.nomeBiblioteca,
      cod_campus: row.codCampus,
      horarios: WEEKDAYS.map((dia) => {
        const day = own.find((h) => h.diaSemana === dia);
        return { dia_semana: dia, abre: day?.abre ?? null, fecha: day?.fecha ?? null };
      }),
    });
  }
  return result;
}

/** How many events an events page lists. */
const EVENTS_SHOWN = 50;

/**
 * `GET /parametros/eventos_institucionais` and `/eventos_eventum`: events not yet over, soonest
 * first; title, description and place in `language` where the event has them, else in Portuguese.
 */
export async function events(db: Db, origem: 'institucional' | 'eventum', language: Language = 'pt', now = new Date()): Promise<Evento[]> {
  const rows = await listEvents(db, origem, now, EVENTS_SHOWN);
  return rows.map((r) => {
    const own = language === 'pt' ? {} : eventTexts(r.traducoes, language);
    return {
      id: r.id,
      titulo: own.titulo ?? r.titulo,
      descricao: own.descricao ?? r.descricao,
      local: own.local ?? r.local,
      nome_campus: r.nomeCampus,
      inicio: r.inicio.toISOString(),
      fim: r.fim.toISOString(),
      link: r.link,
    };
  });
}

/** An event's texts in English or Spanish as stored, keeping only non-blank strings (the column is free JSON). */
function eventTexts(stored: unknown, language: 'en' | 'es'): { titulo?: string; descricao?: string; local?: string } {
  const texts = record(record(stored)[language]);
  const pick = (key: string) => text(texts[key]) ?? undefined;
  return { titulo: pick('titulo'), descricao: pick('descricao'), local: pick('local') };
}

/**
 * `GET /parametros/autoatendimento` (spec §3 "Self-service info"), from the institution's
 * `autoatendimento` setting; the button shows only when it is switched on and has a page to open.
 */
export async function selfService(db: Db): Promise<Autoatendimento> {
  const settings = record((await institutionSettings(db)).autoatendimento);
  const url = text(settings.url);
  return {
    showAuto: settings.ativo === true && url !== null,
    url,
    codBibAuto: typeof settings.biblioteca === 'number' && Number.isInteger(settings.biblioteca) ? settings.biblioteca : null,
    authAuto: text(settings.autenticacao),
    idiomaAuto: text(settings.idioma),
    tecladoAuto: settings.teclado === true,
  };
}

/** `GET /parametros/app-layers`: the institution's mobile app integration (`app_layers` setting). */
export async function appLayers(db: Db): Promise<AppLayers> {
  const settings = record((await institutionSettings(db)).app_layers);
  const url = text(settings.url);
  return { ativo: settings.ativo === true && url !== null, url };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
