import { describe, expect, it } from 'vitest';
import { isPublicPath, routeTo } from './paths.ts';

describe('routes', () => {
  it('builds the spec links for tokens search pages', () => {
    expect(routeTo.Tokens({ page: 2, term: 'ACME bond' })).toBe('/Tokens?page=2&term=ACME+bond');
    expect(routeTo.Tokens()).toBe('/Tokens');
    expect(routeTo.Tokens({ page: 3, term: '' })).toBe('/Tokens?page=3&term=');
    expect(routeTo.Tokens({ page: 3 })).toBe('/Tokens?page=3&term=');
    expect(routeTo.Tokens({ term: 'ACME' })).toBe('/Tokens?term=ACME');
    expect(routeTo.TokenInfo('ACME')).toBe('/TokenInfo?token=ACME');
  });

  it('knows the four public pages', () => {
    expect(isPublicPath('/Login')).toBe(true);
    expect(isPublicPath('/ResetPassword/abc')).toBe(true);
    expect(isPublicPath('/SignUp')).toBe(true);
    expect(isPublicPath('/ForgotPassword')).toBe(true);
    expect(isPublicPath('/Tokens')).toBe(false);
    expect(isPublicPath('/LoginX')).toBe(false);
    // Local mode's sign-up mail (issue 34); the outbox itself needs a session.
    expect(isPublicPath('/local/mail/sign-up')).toBe(true);
    expect(isPublicPath('/local/mail')).toBe(false);
  });
});
