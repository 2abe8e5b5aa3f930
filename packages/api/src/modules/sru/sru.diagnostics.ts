/**
 * The SRU diagnostics this server answers, by number, with their messages as the standard
 * diagnostics list words them (`info:srw/diagnostic/1/N`). They are protocol text a client
 * matches on, so they are not translated (the `details` say what exactly was wrong).
 */
export const DIAGNOSTIC_MESSAGES = {
  1: 'General system error',
  2: 'System temporarily unavailable',
  4: 'Unsupported operation',
  5: 'Unsupported version',
  6: 'Unsupported parameter value',
  7: 'Mandatory parameter not supplied',
  8: 'Unsupported parameter',
  10: 'Query syntax error',
  11: 'Unsupported query type',
  12: 'Too many characters in query',
  13: 'Invalid or unsupported use of parentheses',
  14: 'Invalid or unsupported use of quotes',
  15: 'Unsupported context set',
  16: 'Unsupported index',
  19: 'Unsupported relation',
  20: 'Unsupported relation modifier',
  23: 'Too many characters in term',
  27: 'Empty term unsupported',
  28: 'Masking character not supported',
  31: 'Anchoring character not supported',
  32: 'Anchoring character in unsupported position',
  36: 'Term in invalid format for index or relation',
  37: 'Unsupported boolean operator',
  38: 'Too many boolean operators in query',
  46: 'Unsupported boolean modifier',
  61: 'First record position out of range',
  66: 'Unknown schema for retrieval',
  71: 'Unsupported record packing',
  72: 'XPath retrieval unsupported',
  80: 'Sort not supported',
  110: 'Stylesheets not supported',
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_MESSAGES;

/** One diagnostic of a response: its number and what exactly was wrong. */
export interface Diagnostic {
  code: DiagnosticCode;
  details?: string;
}

/** A request (or its query) the server cannot answer: thrown, then written as the response's diagnostic. */
export class SruDiagnostic extends Error {
  constructor(
    readonly code: DiagnosticCode,
    readonly details?: string,
  ) {
    super(`${DIAGNOSTIC_MESSAGES[code]}${details ? `: ${details}` : ''}`);
  }

  get diagnostic(): Diagnostic {
    return this.details === undefined ? { code: this.code } : { code: this.code, details: this.details };
  }
}

/** The diagnostic's URI in the SRU diagnostic set 1. */
export function diagnosticUri(code: DiagnosticCode): string {
  return `info:srw/diagnostic/1/${code}`;
}
