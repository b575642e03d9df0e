// The idle warm-up: what it reads (valid and broken formulas that draw reports), and when it runs (only after the
// server has been idle, one iteration per slice, a bounded number, never after dispose or a failure).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createDocument, diagnose, ideSettings } from '@calckit/ide';
import { readDatasetSchemaFile } from '@calckit/project';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { IdleWarmUp, WARM_UP_SETTINGS, WarmUpDocument, WarmUpState, warmUpOnce, warmUpText } from './warm-up.js';

describe('what the warm-up reads', () => {
  const syntaxErrors = (i: number) => createDocument(warmUpText(i)).parse.errors.map((e) => e.code);

  it('reads the whole formula without syntax errors, drawing lint reports of both severities', () => {
    expect(syntaxErrors(0)).toEqual([]);
    const reports = new Set(diagnose(createDocument(warmUpText(0)), WARM_UP_SETTINGS).map((d) => `${d.severity} ${d.code}`));
    expect([...reports].sort()).toEqual(['error fixed-with-window', 'error unknown-column', 'warning case-branch-types', 'warning double-quoted', 'warning mixed-aggregation', 'warning redundant-else-null']);
  });

  it('draws reports of every shape: with and without a fix, with and without suggestions', () => {
    const shapes = new Set(diagnose(createDocument(warmUpText(0)), WARM_UP_SETTINGS).map((d) => `fix ${d.fix !== undefined}, suggestions ${d.suggestions !== undefined}`));
    expect([...shapes].sort()).toEqual(['fix false, suggestions false', 'fix false, suggestions true', 'fix true, suggestions false', 'fix true, suggestions true']);
  });

  it('also reads formulas being typed: cut short, and with a token twice', () => {
    for (const i of [2, 6, 10, 14, 18, 22, 26]) {
      expect(warmUpText(i).length).toBeLessThan(warmUpText(0).length);
      expect(syntaxErrors(i).length).toBeGreaterThan(0);
    }
    expect(syntaxErrors(3)).toEqual(['missing-expression']);
  });

  it('types a space after a space, so the text reads the same', () => {
    for (const i of [1, 5, 9, 53]) {
      expect(warmUpText(i)).toHaveLength(warmUpText(0).length + 1);
      expect(warmUpText(i)).toContain('  ');
      expect(warmUpText(i).replace(/\s+/g, ' ')).toBe(warmUpText(0).replace(/\s+/g, ' '));
    }
    expect(new Set([1, 5, 9, 13].map(warmUpText)).size).toBe(4);
  });

  it('reads with settings of the shape every document’s have: the same fields in the same order, columns as a schema file gives them', () => {
    expect(Object.keys(WARM_UP_SETTINGS)).toEqual(Object.keys(ideSettings({})));
    const column = readDatasetSchemaFile(fileURLToPath(new URL('../../../examples/schemas/sales.json', import.meta.url)))[0]!;
    for (const warmUpColumn of WARM_UP_SETTINGS.schema!) expect(Object.keys(warmUpColumn)).toEqual(Object.keys(column));
    // Every field a document in a project has is set, with a value of the kind it has there.
    expect(Object.entries(WARM_UP_SETTINGS).filter(([, value]) => value === undefined).map(([key]) => key)).toEqual(['rules', 'lintConfig', 'formatConfig']);
  });

  it('changes one document as the server\'s store changes an open one: by ranges, and by the whole text every fifth version', () => {
    const update = vi.spyOn(TextDocument, 'update');
    try {
      const document = new WarmUpDocument();
      for (let i = 0; i < 12; i++) {
        const text = document.change(warmUpText(i), i + 1);
        expect(text.getText()).toBe(warmUpText(i));
        expect(text.version).toBe(i + 1);
      }
      const changes = update.mock.calls.map(([, [change]]) => change!);
      expect(changes.map((c) => 'range' in c)).toEqual([true, true, true, true, false, true, true, true, true, false, true, true]);
      // A ranged change carries what differs: the space typed.
      expect(changes[1]!.text).toBe(' ');
      expect(update.mock.calls.every(([d]) => d === update.mock.calls[0]![0])).toBe(true);
    } finally {
      update.mockRestore();
    }
  });

  it('runs the keystroke path to the published form', () => {
    for (let i = 0; i < 8; i++) expect(warmUpOnce(i)).toBeGreaterThan(warmUpText(i).length / 4);
  });

  it('moves the diagnostics of the formula with a space typed from the whole one\'s, and lints the others, as the server does', () => {
    const state = new WarmUpState();
    warmUpOnce(0, WARM_UP_SETTINGS, state);
    const whole = state.linted;
    expect(whole?.earlier.parse.text).toBe(warmUpText(0));
    expect(warmUpOnce(1, WARM_UP_SETTINGS, state)).toBeGreaterThan(warmUpText(1).length / 4);
    expect(state.linted).toBe(whole);
    // Every space the warm-up types is one whose diagnostics are moved (none in a comment, a string or a report).
    const doubled = new Set<string>();
    for (let i = 5; i < 400; i += 4) {
      warmUpOnce(i, WARM_UP_SETTINGS, state);
      expect(state.linted).toBe(whole);
      doubled.add(warmUpText(i));
    }
    expect(doubled.size).toBeGreaterThan(50);
    warmUpOnce(2, WARM_UP_SETTINGS, state);
    expect(state.linted?.earlier.parse.text).toBe(warmUpText(2));
  });
});

describe('IdleWarmUp', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] }));
  afterEach(() => void vi.useRealTimers());

  function counting(options: { iterations?: number; fail?: number } = {}) {
    const runs: number[] = [];
    const finished: Array<[number, number]> = [];
    const warmUp = new IdleWarmUp({
      iterations: options.iterations ?? 5,
      idleMs: 50,
      run: (i) => {
        if (i === options.fail) throw new Error('broken');
        runs.push(i);
      },
      finished: (n, ms) => void finished.push([n, ms]),
    });
    return { warmUp, runs, finished };
  }

  it('waits for the idle time, then runs every iteration once, in order, and reports once', async () => {
    const { warmUp, runs, finished } = counting();
    warmUp.start();
    await vi.advanceTimersByTimeAsync(49);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.runAllTimersAsync();
    expect(runs).toEqual([0, 1, 2, 3, 4]);
    expect(finished).toHaveLength(1);
    expect(finished[0]![0]).toBe(5);
    expect(warmUp.done).toBe(5);
  });

  it('runs nothing while the user keeps working, and goes on once they pause', async () => {
    const { warmUp, runs } = counting();
    warmUp.start();
    for (let t = 0; t < 300; t += 20) {
      warmUp.activity();
      await vi.advanceTimersByTimeAsync(20);
    }
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    await vi.runAllTimersAsync();
    expect(runs).toEqual([0, 1, 2, 3, 4]);
  });

  it('pauses between slices when activity comes in the middle', async () => {
    const { warmUp, runs } = counting({ iterations: 100 });
    warmUp.start();
    await vi.advanceTimersByTimeAsync(50);
    // The first slice ran and the next ones are queued behind the messages of the moment; a change then arrives.
    warmUp.activity();
    const before = runs.length;
    await vi.advanceTimersByTimeAsync(49);
    expect(runs.length).toBeLessThanOrEqual(before + 1);
    await vi.runAllTimersAsync();
    expect(runs).toHaveLength(100);
  });

  it('stops on dispose', async () => {
    const { warmUp, runs, finished } = counting();
    warmUp.start();
    warmUp.dispose();
    await vi.runAllTimersAsync();
    expect(runs).toEqual([]);
    expect(finished).toEqual([]);
  });

  it('stops for good when an iteration fails, without reporting', async () => {
    const { warmUp, runs, finished } = counting({ fail: 2 });
    warmUp.start();
    await vi.runAllTimersAsync();
    expect(runs).toEqual([0, 1]);
    expect(finished).toEqual([]);
  });
});
