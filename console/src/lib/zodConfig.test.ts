import '@tranche/api/zodConfig';
import { loginRequestSchema } from '@tranche/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from 'zod';

describe("the console's zod setting (@tranche/api/zodConfig, set without importing zod)", () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the one zod reads: parsers run without compiling code', () => {
    expect(config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    expect(loginRequestSchema.safeParse({ loginName: 'alice', password: 'secret' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ loginName: '', password: '' }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });
});
