import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** A copy's accession number (tombo), as the desk types or scans it. */
const tombo = z.string().trim().min(1).max(40);

/** The circulation desk's calls (staff only): lend a copy, take it back — what `npm run circ` does, over HTTP. */
export const deskEndpoints = {
  checkOut: endpoint({
    method: 'POST',
    path: '/api/circulacao/emprestimo',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: 'Lend a copy (by accession number) to the person behind a login',
    body: z.object({ tombo, login: z.string().trim().min(1).max(200) }),
    response: z.object({ cod_emprestimo: z.number().int(), devolucao: z.string(), nome: z.string() }),
    errors: [404, 422, 430],
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/api/circulacao/devolucao',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: 'Take a copy back: a late return is fined; the next hold is released',
    body: z.object({ tombo }),
    response: z.object({ multa: z.string().nullable(), reserva: z.object({ cod_reserva: z.number().int(), prazo: z.string() }).nullable() }),
    errors: [404, 422, 430],
  }),
};
