import type { Endpoint } from '@estante/contracts/kernel';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { importModuleFiles } from './discover.js';
import type { Mailer } from './mail.js';

/** Tells the caller how a long command is getting on (`{ line }` is printed; `{ n, count }` draws a bar). */
export type CommandProgress = (progress: Record<string, number | string>) => void;

/** What a staff command runs with: the database, where e-mail goes, and how to report progress. */
export interface CommandContext {
  db: Db;
  mailer: Mailer;
  progress: CommandProgress;
  /** Who runs it, as the staff audit names them: `command line (<user>)`. */
  actor: string;
}

/**
 * One staff command, `npm run staff -- <group> <verb> [args]`, defined by the module whose work it
 * does (`<module>.commands.ts`), the way a module defines its jobs. It runs in the server when one
 * is running (over the local admin socket: the embedded database is the server's then), else in
 * the command's own process.
 */
export interface StaffCommand {
  group: string;
  verb: string;
  /** The arguments, as the usage shows them: `<tombo> <login>`, `[status]`. */
  args?: string;
  /** What it does, in a line or two (the usage's second line). */
  summary: string;
  /** Left out of the usage: called by another command line (`npm run import` asks the server with `catalog import`). */
  hidden?: boolean;
  /**
   * The staff call that does the same through the same service (issue 54: nothing a command
   * changes is out of the staff area's reach), or `reads` for a command that changes nothing.
   * Every command a person may type declares one (commands.screens.test.ts).
   */
  screen?: Endpoint | 'reads';
  /**
   * Answered by the command line itself, never the server, from its own configuration (a key
   * derived from the environment's secret): it gets no database.
   */
  local?: (args: string[], config: Config) => string;
  /** Does the work and returns what to print. A refusal is thrown: an Error, or a module's AppError. */
  run(args: string[], context: CommandContext): Promise<string> | string;
}

/** A command's usage: the call, then its summary indented below. */
export function usageOf(command: Pick<StaffCommand, 'group' | 'verb' | 'args' | 'summary'>): string {
  const call = `  npm run staff -- ${command.group} ${command.verb}${command.args ? ` ${command.args}` : ''}`;
  const summary = command.summary
    .split('\n')
    .map((line) => `        ${line}`)
    .join('\n');
  return `${call}\n${summary}`;
}

/** The staff commands every module defined, by `group.verb`. */
export class StaffCommands {
  private readonly commands = new Map<string, StaffCommand>();

  define(command: StaffCommand): void {
    const key = `${command.group}.${command.verb}`;
    if (this.commands.has(key)) throw new Error(`staff command ${command.group} ${command.verb} is defined twice`);
    this.commands.set(key, command);
  }

  find(group: string, verb: string): StaffCommand | undefined {
    return this.commands.get(`${group}.${verb}`);
  }

  /** Every command, by group then in the order defined. */
  get all(): StaffCommand[] {
    return [...this.commands.values()].sort((a, b) => a.group.localeCompare(b.group));
  }

  /** The usage of every command a person may type (hidden ones left out), or of one group's. */
  usage(group?: string): string {
    const shown = this.all.filter((c) => !c.hidden && (!group || c.group === group));
    return `usage:\n${shown.map(usageOf).join('\n')}`;
  }
}

/** The one registry the modules' `<module>.commands.ts` files define their commands in. */
export const staffCommands = new StaffCommands();

let loaded: Promise<unknown> | undefined;

/**
 * Imports every module's `<module>.commands.ts` (found on disk, not listed: a module adds its own
 * commands without touching a shared file), once per process.
 */
export async function loadStaffCommands(): Promise<void> {
  await (loaded ??= importModuleFiles('commands'));
}

/** Whether a staff-given text holds a control character (a tab, a newline, NUL…). */
export function hasControlCharacters(text: string): boolean {
  return [...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
}
