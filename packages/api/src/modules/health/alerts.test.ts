import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS_PROMETHEUS, promtool } from '../../../test/prometheus.js';

/**
 * The example alert rules and scrape configuration (ops/prometheus, decision 0059), judged by
 * Debian's promtool: the rules are valid, their unit tests pass (each alert fires when it should
 * and not when it should not), and the configuration that loads them is valid.
 */
const file = (name: string) => path.join(OPS_PROMETHEUS, name);

describe('ops/prometheus', () => {
  it('has alert rules promtool accepts', () => {
    const check = promtool(['check', 'rules', file('estante-alerts.yml')]);
    expect(check, check.output).toMatchObject({ status: 0 });
    expect(check.output).toContain('SUCCESS: 8 rules found');
  });

  it('has alerts that pass their unit tests (promtool test rules)', () => {
    const test = promtool(['test', 'rules', file('estante-alerts.test.yml')]);
    expect(test, test.output).toMatchObject({ status: 0 });
    expect(test.output).toContain('SUCCESS');
  });

  it('has a scrape configuration promtool accepts, loading the rules', () => {
    const check = promtool(['check', 'config', file('prometheus.yml')]);
    expect(check, check.output).toMatchObject({ status: 0 });
    expect(check.output).toContain('1 rule files found');
  });
});
