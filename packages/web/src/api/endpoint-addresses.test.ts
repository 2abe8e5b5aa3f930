import { loansEndpoints } from '@estante/contracts/circulation';
import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { stripEndpointSchemas } from '../../vite/endpoint-addresses';
import loansSource from '../../../contracts/src/circulation/loans.ts?raw';

/** A contracts file as the web build reads it (TypeScript already compiled away by then). */
async function built(source: string): Promise<string> {
  const { transformWithEsbuild } = await import('vite');
  const js = (await transformWithEsbuild(source, 'loans.ts')).code;
  const stripped = stripEndpointSchemas(js, (code) => parseAst(code) as never);
  if (!stripped) throw new Error('nothing stripped');
  return stripped.code;
}

describe('the web build’s endpoint declarations (vite/endpoint-addresses.ts)', () => {
  it('keep their addresses but neither their schemas nor the OpenAPI words (summary, description)', async () => {
    const code = await built(loansSource);
    const declarations = Object.values(loansEndpoints);
    expect(declarations.some((declaration) => 'description' in declaration)).toBe(true);
    for (const declaration of declarations) {
      expect(code).toContain(`path: "${declaration.path}"`);
      expect(code).not.toContain(declaration.summary);
      if ('description' in declaration) expect(code).not.toContain(declaration.description.slice(0, 40));
    }
    expect(code).not.toMatch(/\b(summary|description|body|response):/);
  });
});
