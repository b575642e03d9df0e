// Tests of connection settings: project file < environment < flags; tokens only from the environment or the caller.
import { describe, expect, it } from 'vitest';
import { SettingsError, parseProject, resolveConnection, resolveServiceName } from './index.js';

const project = parseProject(
  JSON.stringify({ service: { name: 'ACME', instance: 'acme', domain: 'example.com', timeoutMs: 5000 } }),
  '/repo/calckit.json',
);

describe('resolveConnection', () => {
  it('takes the project file when nothing else is set', () => {
    const s = resolveConnection({ project, env: {} });
    expect(s).toMatchObject({ baseUrl: 'https://acme.example.com', serviceName: 'ACME', timeoutMs: 5000, retries: 3 });
    expect(s.sources).toMatchObject({ baseUrl: 'project', serviceName: 'project', retries: 'default', developerToken: 'unset' });
    expect(s.developerToken).toBeUndefined();
  });

  it('lets the environment override the project, and flags the environment', () => {
    const env = { CALCKIT_BASE_URL: 'http://127.0.0.1:9999/', CALCKIT_SERVICE_NAME: 'ENV', CALCKIT_RETRIES: '1', CALCKIT_DEVELOPER_TOKEN: 'dev' };
    expect(resolveConnection({ project, env })).toMatchObject({ baseUrl: 'http://127.0.0.1:9999', serviceName: 'ENV', retries: 1, developerToken: 'dev' });
    const s = resolveConnection({ project, env, flags: { instance: 'other', serviceName: 'FLAG', retries: '0' } });
    expect(s).toMatchObject({ baseUrl: 'https://other.example.com', serviceName: 'FLAG', retries: 0 });
    expect(s.sources.baseUrl).toBe('flag');
  });

  it('prefers tokens handed over by the caller', () => {
    const s = resolveConnection({ project, env: { CALCKIT_SESSION_TOKEN: 'envsess' }, tokens: { sessionToken: 'editor' } });
    expect(s.sessionToken).toBe('editor');
    expect(s.sources.sessionToken).toBe('caller');
  });

  it('explains a missing or bad setting', () => {
    expect(() => resolveConnection({ env: {} })).toThrow(SettingsError);
    expect(() => resolveConnection({ env: {} })).toThrow(/CALCKIT_BASE_URL/);
    expect(() => resolveConnection({ env: { CALCKIT_INSTANCE: 'x' } })).toThrow(/needs a domain/);
    expect(() => resolveConnection({ env: { CALCKIT_BASE_URL: 'ftp://x' } })).toThrow(/http or https/);
    expect(() => resolveConnection({ project, env: { CALCKIT_TIMEOUT_MS: 'soon' } })).toThrow(/timeoutMs "soon" \(from env\)/);
    expect(() => resolveConnection({ project, flags: { serviceName: 'a-b' }, env: {} })).toThrow(/service name/);
  });
});

describe('resolveServiceName', () => {
  it('needs no address, and ranks flag > environment > project > SVC as resolveConnection does', () => {
    expect(resolveServiceName({ env: {} })).toEqual({ value: 'SVC', source: 'default' });
    expect(resolveServiceName({ project, env: {} })).toEqual({ value: 'ACME', source: 'project' });
    expect(resolveServiceName({ project, env: { CALCKIT_SERVICE_NAME: ' ENV ' } })).toEqual({ value: 'ENV', source: 'env' });
    expect(resolveServiceName({ project, env: { CALCKIT_SERVICE_NAME: 'ENV' }, flag: 'FLAG' })).toEqual({ value: 'FLAG', source: 'flag' });
    expect(resolveServiceName({ project: parseProject('{}', '/repo/calckit.json'), env: { CALCKIT_SERVICE_NAME: '' } })).toEqual({ value: 'SVC', source: 'default' });
  });

  it('refuses a name that is not letters and digits, saying where it came from', () => {
    expect(() => resolveServiceName({ env: { CALCKIT_SERVICE_NAME: '1abc' } })).toThrow('service name "1abc" (from env) must be letters and digits, starting with a letter');
  });
});
