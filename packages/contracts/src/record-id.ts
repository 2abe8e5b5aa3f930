import { z } from 'zod';
import { INT4_MAX } from './common.js';

// Apart from common.ts, which the web's first script needs: a schema here would bring zod with it.
/** A record number a client sends (a title, a library, a debt…): a positive integer its column can hold. */
export const recordId = z.number().int().positive().max(INT4_MAX);
