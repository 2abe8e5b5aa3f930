import { describe, expect, it } from 'vitest';
import { requestRefusal } from './requests.policy.js';

describe('the request limit (spec §7 "Requests")', () => {
  it('allows a request of a kind while fewer than the limit are open, and refuses the next with the limit named', () => {
    expect(requestRefusal(0, 3)).toBeNull();
    expect(requestRefusal(2, 3)).toBeNull();
    const refused = requestRefusal(3, 3);
    expect([refused?.status, refused?.key, refused?.params]).toEqual([422, 'LimiteSolicitacoes', { limit: 3 }]);
    expect(refused?.text('en')).toContain('3');
    expect(requestRefusal(5, 3)?.key).toBe('LimiteSolicitacoes');
  });
});
