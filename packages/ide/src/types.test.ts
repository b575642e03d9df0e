// ideSettings: one shape for every settings object, whatever fields a document has.
import { describe, expect, it } from 'vitest';
import { ideSettings, serviceNameOf } from './types.js';

describe('ideSettings', () => {
  const FIELDS = ['serviceName', 'schema', 'calculations', 'selfId', 'inlayResultType', 'rules', 'lintConfig', 'filePath', 'nestedIds', 'formatConfig'];

  it.each([
    ['none', {}],
    ['some, given in another order', { filePath: 'a.calc', serviceName: 'ACME', inlayResultType: false }],
    ['all', { serviceName: 'ACME', schema: [], calculations: [], selfId: 7, inlayResultType: true, rules: {}, lintConfig: {}, filePath: 'a.calc', nestedIds: () => undefined, formatConfig: {} }],
  ])('has every field, in one order, from %s', (_name, given) => {
    const settings = ideSettings(given);
    expect(Object.keys(settings)).toEqual(FIELDS);
    for (const field of FIELDS) expect(settings[field as keyof typeof settings]).toBe(given[field as keyof typeof given]);
  });

  it('leaves the defaults to the readers', () => {
    expect(serviceNameOf(ideSettings({}))).toBe('SVC');
    expect(serviceNameOf(ideSettings({ serviceName: 'ACME' }))).toBe('ACME');
  });
});
