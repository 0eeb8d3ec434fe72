import {
  inputMessages,
  ruleMessages,
  whitelistMessages,
  whitelistRegistryMessages,
  whitelistServerMessages,
} from '@tranche/api';
import { describe, expect, it } from 'vitest';
import { previewWhitelistCsv } from './csvImport.ts';

const a = `0x${'a'.repeat(40)}`;
const b = `0x${'B'.repeat(40)}`;
const header = 'publicAddress,legalName,emailAddress,country,phoneNumber,comments';

describe('previewWhitelistCsv', () => {
  it('reads valid lines into the entries POST /whitelist/bulk takes (address lower-cased, country in capitals)', () => {
    const preview = previewWhitelistCsv(
      `${header}\n${a}, Alice Martin ,alice@example.com,de,,\n"${b}","Stone, Bruno",bruno@example.com,FR,+33 1,"KYC ok"\n`,
    );
    expect(preview.missingColumns).toEqual([]);
    expect(preview.rows.map((row) => [row.line, row.reasons])).toEqual([
      [2, []],
      [3, []],
    ]);
    expect(preview.valid).toEqual([
      {
        targetAddress: a,
        legalName: 'Alice Martin',
        contactDetails: { emailAddress: 'alice@example.com', country: 'DE' },
      },
      {
        targetAddress: b.toLowerCase(),
        legalName: 'Stone, Bruno',
        contactDetails: {
          emailAddress: 'bruno@example.com',
          country: 'FR',
          phoneNumber: '+33 1',
          comments: 'KYC ok',
        },
      },
    ]);
  });

  it('gives each invalid line its reasons in words, from the api validation', () => {
    const preview = previewWhitelistCsv(
      [
        'legalName;publicAddress;country;emailAddress',
        `;0x123;Germany;`,
        `Carla\u202eMartin;${a};DE;carla@example.com`,
        `Dora;${a.toUpperCase().replace('0X', '0x')};LU;dora@example.com`,
        `Eve;${b};US;eve@example.com`,
      ].join('\r\n'),
    );
    const reasons = preview.rows.map((row) => row.reasons);
    expect(reasons[0]).toEqual([
      whitelistMessages.publicAddressInvalid,
      whitelistMessages.templateFieldRequired('legal name'),
      whitelistMessages.templateFieldRequired('email address'),
      ruleMessages.countryInvalid,
    ]);
    expect(reasons[1]).toEqual([inputMessages.formatCharacters]);
    // The same address again (any case): the server would refuse the whole request.
    expect(reasons[2]).toEqual([whitelistRegistryMessages.importDuplicate]);
    expect(reasons[3]).toEqual([]);
    expect(preview.valid.map((entry) => entry.legalName)).toEqual(['Eve']);
  });

  it('refuses a missing address, and a legal name longer than the entry schema allows', () => {
    const long = 'N'.repeat(256);
    const preview = previewWhitelistCsv(`${header}\n,Frank,f@example.com,DE\n${a},${long},g@example.com,DE`);
    expect(preview.rows[0]?.reasons).toEqual([whitelistMessages.publicAddressRequired]);
    expect(preview.rows[1]?.reasons).toEqual([whitelistServerMessages.legalNameTooLong]);
    expect(preview.valid).toEqual([]);
  });

  it('names the required columns a header lacks, and the columns it leaves out', () => {
    const preview = previewWhitelistCsv(`address,legalName,nationality\n${a},Alice,DE`);
    expect(preview.missingColumns).toEqual(['publicAddress', 'emailAddress', 'country']);
    expect(preview.ignoredColumns).toEqual(['address', 'nationality']);
    expect(preview.rows).toEqual([]);
  });
});
