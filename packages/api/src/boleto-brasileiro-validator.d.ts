/** The FEBRABAN slip validator used as a judge in tests (no types of its own). */
declare module 'boleto-brasileiro-validator' {
  export function boleto(code: string): boolean;
  export function boletoArrecadacao(code: string): boolean;
  export function boletoArrecadacaoCodigoBarras(code: string): boolean;
  export function boletoArrecadacaoLinhaDigitavel(code: string): boolean;
}
