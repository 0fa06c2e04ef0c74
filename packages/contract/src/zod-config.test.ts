import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod runs jitless (no eval) once the contract is imported', () => {
  it('is set before the contract builds its first schema, and schemas still parse', async () => {
    // This file has not imported the contract yet (each test file has its own modules): zod is as shipped.
    const config = z.config();
    expect(config.jitless).toBeUndefined();

    // zod reads the setting when it builds an object schema (to choose its compiled parser) and when it probes
    // for eval; every read before the contract set it is a schema built with the JIT.
    let value: boolean | undefined;
    const readTooEarly: string[] = [];
    Object.defineProperty(config, 'jitless', {
      configurable: true,
      enumerable: true,
      get() {
        if (value !== true) readTooEarly.push(new Error('jitless read before it was set').stack ?? '');
        return value;
      },
      set(next: boolean | undefined) {
        value = next;
      },
    });
    try {
      const contract = await import('./index');
      expect(readTooEarly).toEqual([]);
      expect(z.config().jitless).toBe(true);
      expect(contract.ZOD_JITLESS).toBe(true);
      // The contract's schemas parse the same without the JIT.
      expect(contract.mediaUploadParams.safeParse({ questionId: crypto.randomUUID() }).success).toBe(true);
      const refused = contract.mediaUploadParams.safeParse({ questionId: 'x' });
      expect(refused.error?.issues[0]?.message).toBe('questionId must be a UUID');
    } finally {
      Object.defineProperty(config, 'jitless', {
        value,
        configurable: true,
        enumerable: true,
        writable: true,
      });
    }
  });
});
