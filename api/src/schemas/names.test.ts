import { describe, expect, it } from 'vitest';
import { inputMessages } from '../messages.ts';
import { createAccountRequestSchema } from './accounts.ts';
import { tokenDraftSchema } from './drafts.ts';
import { registerSchemeRequestSchema } from './rbac.ts';
import { shardingFormSchema } from './sharding.ts';
import {
  defaultTemplate,
  registerWhitelistRequestSchema,
  templateFieldError,
  whitelistEntrySchema,
} from './whitelists.ts';

const address = `0x${'1'.repeat(40)}`;
/** Right-to-left override, zero-width space, zero-width joiner, left-to-right isolate, BOM, soft hyphen. */
const formatCharacters = ['\u202e', '\u200b', '\u200d', '\u2066', '\ufeff', '\u00ad'];

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('names refuse Unicode format characters (bidi overrides, zero-width characters)', () => {
  it('refuses them in legal names, account, token, scheme, whitelist and key names with one message', () => {
    for (const character of formatCharacters) {
      const name = `Alice${character}Smith`;
      const attempts = [
        whitelistEntrySchema.safeParse({ targetAddress: address, legalName: name }),
        registerSchemeRequestSchema.safeParse({
          securitySchemeAddress: address,
          schemeName: name,
          codebaseId: 1,
        }),
        registerWhitelistRequestSchema.safeParse({
          whitelistAddress: address,
          whitelistName: name,
          securitySchemeAddress: address,
          codebaseId: 1,
        }),
        createAccountRequestSchema.safeParse({
          loginName: 'alice@example.com',
          emailAddress: 'alice@example.com',
          password: 'password1',
          profileName: name,
        }),
        tokenDraftSchema.safeParse({ symbol: 'ALC', name }),
        shardingFormSchema.safeParse({ keyName: name, recipients: 'a@example.com', minimum: 1 }),
      ];
      for (const attempt of attempts) expect(messagesOf(attempt)).toContain(inputMessages.formatCharacters);
    }
  });

  it('accepts names in any script, with accents and apostrophes', () => {
    for (const name of ['Zoë O’Brien', 'محمد علي', '山田太郎', 'Anne-Marie Dubois']) {
      expect(whitelistEntrySchema.safeParse({ targetAddress: address, legalName: name }).success).toBe(true);
      expect(
        registerSchemeRequestSchema.safeParse({
          securitySchemeAddress: address,
          schemeName: name,
          codebaseId: 1,
        }).success,
      ).toBe(true);
    }
  });

  it("the console's New Address form checks the legal name with the same rule", () => {
    const legalName = defaultTemplate.fields.find((field) => field.name === 'legalName');
    expect(legalName).toBeDefined();
    if (!legalName) return;
    expect(templateFieldError(legalName, 'Evil\u202eCorp')).toBe(inputMessages.formatCharacters);
    expect(templateFieldError(legalName, 'Evil Corp')).toBeUndefined();
  });
});
