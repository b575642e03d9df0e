// Text encoding of request bodies: JSON must be UTF-8 and its strings valid Unicode. A body with bytes that are not
// UTF-8 (Latin-1, overlong forms, encoded surrogates) or a string with a lone surrogate (`"\ud800"` escaped in JSON)
// is 400 with a JSON error body, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, calculationPath, calculationSearchPath, reportSchedulesPath } from '@calckit/protocol';
import { devHeaders, startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

async function send(path: string, body: Uint8Array | string): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- asserted field by field
  const response = await fetch(emu.url + path, { method: 'POST', headers: devHeaders, body });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

const expressionOf = async (id: number): Promise<string> => (await emu.call('GET', calculationPath(id))).body.expression;

describe('bodies that are not UTF-8', () => {
  const cases: Array<[string, Uint8Array, number]> = [
    ['Latin-1 é (0xE9)', bytes('{"expression":"\'caf', [0xe9], '\'"}'), 19],
    ['a lone continuation byte', bytes('{"expression":"', [0x80], '"}'), 15],
    ['an overlong "/" (C0 AF)', bytes('{"expression":"', [0xc0, 0xaf], '"}'), 15],
    ['an encoded surrogate (ED A0 80, CESU-8)', bytes('{"expression":"', [0xed, 0xa0, 0x80], '"}'), 15],
    ['a sequence cut short at the end', bytes('{"expression":"x"}', [0xe2, 0x82]), 18],
    ['a code point past U+10FFFF (F4 90 80 80)', bytes('{"expression":"', [0xf4, 0x90, 0x80, 0x80], '"}'), 15],
  ];
  it.each(cases)('%s is 400 MALFORMED_JSON with the byte offset, and nothing is stored', async (_what, body, offset) => {
    const before = await expressionOf(1);
    const r = await send(calculationPath(1), body);
    expect(r.status).toBe(400);
    expect(ErrorBodySchema.safeParse(r.body).success).toBe(true);
    expect(r.body.code).toBe('MALFORMED_JSON');
    expect(r.body.message).toContain(`offset ${offset}`);
    expect(r.body.errors).toEqual([{ field: 'body', message: `invalid UTF-8 at byte ${offset}` }]);
    expect(await expressionOf(1)).toBe(before);
  });

  it('well-formed UTF-8 (2, 3 and 4 bytes) is stored as sent', async () => {
    const expression = "'café € 😀'";
    const r = await send(calculationPath(4), bytes(JSON.stringify({ expression })));
    expect(r.status).toBe(200);
    expect(await expressionOf(4)).toBe(expression);
  });

  it('applies to every operation and to the emulator endpoints', async () => {
    const latin1 = bytes('{"title":"r', [0xe9], 'sum\u00e9"}');
    expect((await send(reportSchedulesPath(), latin1)).status).toBe(400);
    expect((await send(calculationSearchPath(), bytes('{"name":"', [0xff], '","limit":1,"offset":0}'))).body.code).toBe('MALFORMED_JSON');
    expect((await send('/__emulator/faults', bytes('{"operation":"', [0xfe], '"}'))).body.code).toBe('MALFORMED_JSON');
  });
});

describe('strings with lone surrogates', () => {
  const cases: Array<[string, string, string]> = [
    ['a lone high surrogate in the expression', '{"expression":"a\\ud800b"}', 'expression'],
    ['a lone low surrogate at the end', '{"expression":"abc\\udc00"}', 'expression'],
    ['a reversed pair', '{"expression":"\\ude00\\ud83d"}', 'expression'],
  ];
  it.each(cases)('%s is 400 VALIDATION_FAILED naming the field, and nothing is stored', async (_what, body, field) => {
    const before = await expressionOf(1);
    const r = await send(calculationPath(1), body);
    expect(r.status).toBe(400);
    expect(ErrorBodySchema.safeParse(r.body).success).toBe(true);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.errors[0].field).toBe(field);
    expect(r.body.errors[0].message).toMatch(/lone surrogate \\ud[89a-f][0-9a-f]{2} at offset \d+/);
    expect(await expressionOf(1)).toBe(before);
  });

  it('says where: nested fields, list items and keys', async () => {
    const nested = await send(reportSchedulesPath(), '{"title":"t","schedule":{"additionalRecipients":[{"type":"EMAIL","value":"x\\ud800@example.com"}]}}');
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0].field).toBe('schedule.additionalRecipients.0.value');
    expect(nested.body.errors[0].message).toContain('offset 1');
    const key = await send(calculationSearchPath(), '{"limit":1,"offset":0,"\\ud800":1}');
    expect(key.status).toBe(400);
    expect(key.body.errors[0].field).toBe('(key)');
  });

  it('an escaped surrogate pair is a valid character and is stored', async () => {
    const r = await send(calculationPath(4), '{"expression":"\'\\ud83d\\ude00\'"}');
    expect(r.status).toBe(200);
    expect(await expressionOf(4)).toBe("'😀'");
  });

  it('a deeply nested body does not crash the check', async () => {
    const deep = `{"expression":"1","x":${'['.repeat(998)}"\\ud800"${']'.repeat(998)}}`;
    const r = await send(calculationPath(4), deep);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toMatch(/^x(\.0)+$/);
  });
});
