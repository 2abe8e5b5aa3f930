import type { Language } from '@estante/contracts';
import type { Messages, Params } from './i18n.js';

/**
 * An error the client should see: an HTTP status and a message key, translated to the call's
 * language by the error handler. Thrown from a module's `errors` factories (`<module>.messages.ts`,
 * made by `messages.error`), never built by hand.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Params,
    private readonly messages: Messages<string>,
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** The message in `language`. */
  text(language: Language): string {
    return this.messages.t(this.key, language, this.params);
  }
}
