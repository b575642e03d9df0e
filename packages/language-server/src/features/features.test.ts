// The feature list (the core's and the Node platform's): each feature owns distinct capability keys, whatever the
// client declares.
import { describe, expect, it } from 'vitest';
import type { ClientCapabilities } from 'vscode-languageserver';
import { nodePlatform } from '../node/platform.js';
import { FEATURES } from './index.js';

const CLIENTS: ClientCapabilities[] = [
  {},
  { textDocument: { completion: { completionItem: { resolveSupport: { properties: ['documentation'] } } }, diagnostic: {} }, workspace: { configuration: true } },
];

describe('FEATURES', () => {
  it.each(CLIENTS)('declare distinct capability keys (client %#)', (client) => {
    const keys = [...FEATURES, ...nodePlatform().features].flatMap((f) => Object.keys(f.capabilities(client)));
    expect(keys.length).toBeGreaterThan(10);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
