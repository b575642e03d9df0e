// The editor's diagnostics stay useful when the linter fails or a file is garbage: a linter defect is one
// internal-error diagnostic beside the core's problems (never a file that looks clean), and an editor is shown at most
// EDITOR_MAX_PROBLEMS diagnostics plus one that counts the rest.
import { describe, expect, it } from 'vitest';
import { diagnose } from './diagnostics.js';
import { createDocument, type IdeDocument } from './document.js';
import { EDITOR_MAX_PROBLEMS, limitDiagnostics } from './limit-diagnostics.js';

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
    const all = diagnose(createDocument(text), {});
    expect(all).toHaveLength(1500);
    expect(limitDiagnostics(all.slice(0, EDITOR_MAX_PROBLEMS))).toHaveLength(EDITOR_MAX_PROBLEMS);
    const diagnostics = limitDiagnostics(all);
    expect(diagnostics).toHaveLength(EDITOR_MAX_PROBLEMS + 1);
    expect(diagnostics.slice(0, EDITOR_MAX_PROBLEMS)).toEqual(all.slice(0, EDITOR_MAX_PROBLEMS));
    const last = diagnostics.at(-1)!;
    expect(last.code).toBe('too-many-problems');
    expect(last.message).toBe('500 more problems not shown (500 errors): at most 1,000 are shown per file; fix the first ones to see the rest');
    expect(last.span.start).toBe(text.indexOf('NOPE1000('));
  });

  it('counts warnings left out as a warning note', () => {
    const warning = { span: { start: 0, end: 1 }, severity: 'warning', code: 'w', message: 'w', source: 'calckit' } as const;
    expect(limitDiagnostics([warning, warning, warning], 1).at(-1)).toEqual({
      span: { start: 0, end: 1 }, severity: 'warning', code: 'too-many-problems', source: 'calckit',
      message: '2 more problems not shown (2 warnings): at most 1 are shown per file; fix the first ones to see the rest',
    });
  });
});
