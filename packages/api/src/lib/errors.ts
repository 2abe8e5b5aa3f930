import type { Language } from '@estante/contracts/kernel';

/**
 * An error the client should see: an HTTP status and a message key, translated to the call's
 * language by the error handler. Thrown from a module's `errors` factories (`<module>.messages.ts`,
 * made by `messages.error` of lib/i18n.ts), never built by hand.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Readonly<Record<string, string | number>>,
    private readonly translate: (language: Language) => string,
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** The message in `language`. */
  text(language: Language): string {
    return this.translate(language);
  }
}
