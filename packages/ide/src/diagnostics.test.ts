// The editor's diagnostics stay useful when the linter fails or a file is garbage: a linter defect is one
// internal-error diagnostic beside the core's problems (never a file that looks clean), and a document shows at most
// EDITOR_MAX_PROBLEMS diagnostics plus one that counts the rest.
import { describe, expect, it } from 'vitest';
import { diagnose } from './diagnostics.js';
import { createDocument, type IdeDocument } from './document.js';
import { EDITOR_MAX_PROBLEMS } from './lint-adapter.js';

describe('diagnose', () => {
  it('turns an exception in the linter into an internal-error diagnostic and keeps the core problems', () => {
    const good = createDocument('SUM(`Sales`) + NOPE(1)');
    // A parse whose comment list is missing makes the linter throw (reading its directives), as a defect in a rule would.
    const broken: IdeDocument = { ...good, parse: { ...good.parse, trivia: undefined as never } };
    const diagnostics = diagnose(broken, {});
    expect(diagnostics[0]).toMatchObject({ code: 'internal-error', severity: 'error', span: { start: 0, end: 0 } });
    expect(diagnostics[0]!.message).toMatch(/^calckit could not lint this file \(internal error: TypeError: .*\); only syntax and core problems are shown\. Please report this\.$/);
    expect(diagnostics.slice(1).map((d) => d.code)).toContain('unknown-function');
  });

  it('shows at most EDITOR_MAX_PROBLEMS diagnostics, then one that counts the rest', () => {
    const text = Array.from({ length: 1500 }, (_, i) => `NOPE${i}(1)`).join(' + ');
    const diagnostics = diagnose(createDocument(text), {});
    expect(diagnostics).toHaveLength(EDITOR_MAX_PROBLEMS + 1);
    const last = diagnostics.at(-1)!;
    expect(last.code).toBe('too-many-problems');
    expect(last.message).toBe('500 more problems not shown (500 errors): at most 1,000 are shown per file; fix the first ones to see the rest');
    expect(last.span.start).toBe(text.indexOf('NOPE1000('));
  });
});
