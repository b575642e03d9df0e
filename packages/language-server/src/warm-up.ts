// Idle warm-up: the keystroke path (parse, lint, diagnostics in LSP form) run over a built-in formula while the server
// waits for its first documents, so that V8 compiles that path then and not during the user's first edits.
//
// Why: a fresh process interprets the path at first, and V8 optimises its functions one by one as they get hot, on
// background threads. Measured over stdio on a 5 KB formula, each of the first hundred edits cost about 3 ms of
// compiler threads' time besides 2 ms on the main thread, against under 0.2 ms and 1.1 ms from the two hundredth edit
// on; on a two-core machine the compilations compete with the edit itself, so a user's first edits were the slowest
// (the first ten took about 10 ms each, against 4.5 ms after the warm-up). The warm-up does that work while nothing is
// asked of the server: one iteration per slice, only once the server has been idle for WARM_UP_IDLE_MS, and never more
// than WARM_UP_ITERATIONS (about half a second of the main thread in all). `initializationOptions.warmUp: false` turns
// it off.
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { createDocument, DEFAULT_SERVICE_NAME, diagnose, diagnosticsAfterTriviaEdit, ideSettings, type IdeSettings } from '@calckit/ide';
import { datasetSchemaFileSchema, type ColumnType } from '@calckit/project/schema';
import { movedDiagnostics, publishedItems, type LintedVersion } from './diagnostics.js';
import { background, runSoon, type TimerHandle } from './scheduling.js';

/** The clauses of the warm-up formula: every kind of node the grammar builds (CASE with and without an operand, IN,
 * LIKE, BETWEEN, IS NULL, INTERVAL, OVER, FIXED, DISTINCT, `*`, prefix operators, comments, strings and numbers). */
const WARM_UP_CLAUSES = [
  "  WHEN `Region` IN ('North', 'South') AND SUM(`Revenue`) > 1000 THEN SUM(`Revenue` - `Cost`) / NULLIF(SUM(`Revenue`), 0)",
  "  WHEN `Region` LIKE 'E%' OR `Cost` BETWEEN 10 AND 20.5 THEN COUNT(DISTINCT `Customer`) * -1 -- a comment",
  '  WHEN `Order Date` IS NOT NULL AND DATE_ADD(`Order Date`, INTERVAL 1 DAY) < NOW() THEN AVG(`Cost`) OVER (PARTITION BY `Region` ORDER BY `Order Date` DESC)',
  '  WHEN NOT `Returned` THEN SUM(`Revenue`) FIXED (BY `Region`)',
  // Each kind of literal as a result and as an operand of a comparison, and in parentheses: a site that has seen only
  // some kinds of node is optimised for those, and thrown away when a user's formula brings another.
  "  WHEN `Region` = 'R1' AND `Cost` >= 0 THEN 0",
  "  WHEN (`Cost` < 1.5) OR `Customer` <> 'none' THEN 'text'",
  '  WHEN `Returned` = TRUE THEN NULL',
  '  WHEN `Cost` = -1 THEN FALSE',
  '  WHEN (`Region`) IS NULL THEN (`Cost`)',
  // Reports with suggestions (a column name near a known one, text in double quotes) as well as without: the first
  // user formula that drew one threw away the code compiled on messages without (traced: report(), a wrong map).
  "  WHEN `Regoin` = \"North\" THEN 'near'",
  // CASE ends with a literal ELSE as often as with an expression: each kind of node as an ELSE.
  '  WHEN `Cost` > 100 THEN CASE WHEN `Returned` = 1 THEN 1 ELSE 0 END',
  "  WHEN `Cost` > 200 THEN CASE `Region` WHEN 'North' THEN 'N' ELSE NULL END",
];

/**
 * The formula the warm-up reads: the clauses three times over (loops over a long formula get hot as they do on a
 * user's long formulas), with names and values that draw lint reports, so that the rules' reporting paths get hot too.
 */
const WARM_UP_FORMULA = `-- warm-up
CASE
${[...WARM_UP_CLAUSES, ...WARM_UP_CLAUSES, ...WARM_UP_CLAUSES].join('\n')}
  ELSE CASE \`Segment\` WHEN 'A' THEN COUNT(*) ELSE ROUND(MAX(\`Cost\`), 2) END
END /* end */`;

/** The columns of the warm-up formula; `Segment` is left out, to be reported as an unknown column. */
const WARM_UP_COLUMNS: readonly (readonly [string, ColumnType])[] = [
  ['Region', 'STRING'],
  ['Revenue', 'DECIMAL'],
  ['Cost', 'DOUBLE'],
  ['Customer', 'STRING'],
  ['Order Date', 'DATETIME'],
  ['Returned', 'LONG'],
];

/**
 * The warm-up's settings: those of a formula mapped to a dataset in a project, made the way the server makes every
 * document's (ideSettings, a schema read by the project's schema file parser), so that the objects the keystroke path
 * reads have the shapes they have for a user's documents. With other shapes (a schema of `{ name, type }`), V8 threw
 * away the optimised code at the first real edit and compiled it again over the next hundred edits.
 */
export const WARM_UP_SETTINGS: IdeSettings = ideSettings({
  serviceName: DEFAULT_SERVICE_NAME,
  schema: datasetSchemaFileSchema.parse(WARM_UP_COLUMNS.map(([name, type], order) => ({ name, id: name.toLowerCase().replace(/ /g, '_'), type, visible: true, order }))),
  calculations: [{ id: 1, name: 'Warm-up', dataset: 'warm-up', file: 'warm-up.calc' }],
  selfId: 1,
  inlayResultType: true,
  filePath: 'warm-up.calc',
  nestedIds: () => undefined,
});

/** Iterations in all: 300 (about half a second of the main thread) took the compiler threads' time in each of the first
 * hundred edits of a 5 KB formula from 2.9 ms to 1.1 ms. */
export const WARM_UP_ITERATIONS = 300;

/** How long the server must have had nothing to do before a slice runs, in ms. */
export const WARM_UP_IDLE_MS = 50;

/** Offsets at the end of each run of spaces between tokens where a space typed has its diagnostics moved, as a user's
 * spaces have (not in comments or text, not inside a diagnostic): it doubles a space and changes nothing else. Found
 * on first use, not while the server loads. */
let afterSpaces: readonly number[] | undefined;
function spacesToDouble(): readonly number[] {
  if (afterSpaces) return afterSpaces;
  const doc = createDocument(WARM_UP_FORMULA);
  const earlier = { parse: doc.parse, diagnostics: diagnose(doc, WARM_UP_SETTINGS) };
  const typed = (at: number) => `${WARM_UP_FORMULA.slice(0, at)} ${WARM_UP_FORMULA.slice(at)}`;
  const ends: number[] = [];
  for (const t of doc.parse.trivia) {
    const end = t.startOffset + t.image.length;
    if (t.image.endsWith(' ') && t.tokenType.name === 'WhiteSpace' && diagnosticsAfterTriviaEdit(earlier, typed(end)) !== undefined) ends.push(end);
  }
  return (afterSpaces = ends);
}

/** The text of iteration `i`: the formula whole, then with a space typed (its diagnostics moved from the whole's),
 * cut short (a formula being typed: syntax errors at its end), or with an expression missing mid-text, so that the
 * error paths are warmed as well as the valid one. */
export function warmUpText(i: number): string {
  const whole = WARM_UP_FORMULA;
  switch (i % 4) {
    case 0:
      return whole;
    case 1: {
      const spaces = spacesToDouble();
      const at = spaces[(i >> 2) % spaces.length]!;
      return `${whole.slice(0, at)} ${whole.slice(at)}`;
    }
    case 2:
      return whole.slice(0, Math.floor((whole.length * (1 + (i % 7))) / 8));
    default:
      return whole.replace('THEN', 'THEN THEN');
  }
}

const WARM_UP_URI = 'warm-up:formula.calc';

/** The change an editor sends to turn `document`'s text into `text`: the range that differs, with its new text. */
function rangedChange(document: TextDocument, text: string): TextDocumentContentChangeEvent {
  const before = document.getText();
  let start = 0;
  while (start < before.length && start < text.length && before[start] === text[start]) start++;
  let end = 0;
  while (end < before.length - start && end < text.length - start && before[before.length - 1 - end] === text[text.length - 1 - end]) end++;
  return { range: { start: document.positionAt(start), end: document.positionAt(before.length - end) }, text: text.slice(start, text.length - end) };
}

/** Every how many iterations the warm-up's change replaces the whole text (full sync), not a range. */
const WHOLE_TEXT_EVERY = 5;

/**
 * The warm-up's document, changed from one iteration to the next as the server's document store changes an open
 * document: through TextDocument.update, by ranges as editors send them and now and then by the whole text. A document
 * made afresh each time was never changed, so V8 took its fields for constants, and the first real change threw away
 * the code compiled on that (the conversion of offsets to LSP positions: toLspDiagnostic, positionAt).
 */
export class WarmUpDocument {
  #text = TextDocument.create(WARM_UP_URI, 'calc', 0, '');

  /** The document after changing it to `text`, at version `version`. */
  change(text: string, version: number): TextDocument {
    const change = version % WHOLE_TEXT_EVERY === 0 ? { text } : rangedChange(this.#text, text);
    this.#text = TextDocument.update(this.#text, [change], version);
    return this.#text;
  }
}

/**
 * The warm-up's document, changed from one iteration to the next as the server's document store changes an open
 * document, and its last version linted in full, as DiagnosticsService keeps it.
 */
export class WarmUpState {
  readonly document = new WarmUpDocument();
  linted: LintedVersion | undefined;
}

/** One iteration of the keystroke path, as DiagnosticsService runs it for a change, without publishing. */
export function warmUpOnce(i: number, settings: IdeSettings = WARM_UP_SETTINGS, state: WarmUpState = new WarmUpState()): number {
  const lspText = state.document.change(warmUpText(i), i + 1);
  const source = lspText.getText();
  let diagnostics = movedDiagnostics(state.linted, source, settings, 0);
  if (diagnostics === undefined) {
    const doc = createDocument(source);
    diagnostics = diagnose(doc, settings);
    state.linted = { settings, generation: 0, earlier: { parse: doc.parse, diagnostics } };
  }
  const items = publishedItems(lspText, diagnostics);
  return JSON.stringify({ uri: WARM_UP_URI, version: lspText.version, diagnostics: items }).length;
}

/** Iterations over one document that changes as a user's does: what the server's warm-up runs. */
export function warmUpRunner(settings: IdeSettings = WARM_UP_SETTINGS): (i: number) => number {
  const state = new WarmUpState();
  return (i) => warmUpOnce(i, settings, state);
}

export interface WarmUpOptions {
  readonly iterations?: number;
  readonly idleMs?: number;
  /** One iteration (default: warmUpRunner's, over one document that changes from iteration to iteration). */
  readonly run?: (i: number) => void;
  /** Called once after the last iteration, with their number and the main-thread time they took. */
  readonly finished?: (iterations: number, ms: number) => void;
}

/**
 * Runs `iterations` warm-up iterations, one per slice, each only when nothing happened for `idleMs` (`activity()`
 * marks something happening: a document opened or changed). A message that arrives during a slice waits for that one
 * iteration at most (a few milliseconds). Stops early on `dispose()`.
 */
export class IdleWarmUp {
  #done = 0;
  #lastActivity = 0;
  #timer: TimerHandle | undefined;
  #disposed = false;

  private readonly iterations: number;
  private readonly idleMs: number;
  private readonly run: (i: number) => void;
  private readonly finished: (iterations: number, ms: number) => void;

  constructor(options: WarmUpOptions = {}) {
    this.iterations = options.iterations ?? WARM_UP_ITERATIONS;
    this.idleMs = options.idleMs ?? WARM_UP_IDLE_MS;
    this.run = options.run ?? warmUpRunner();
    this.finished = options.finished ?? (() => undefined);
  }

  /** Main-thread time spent in the iterations so far, in ms. */
  #spentMs = 0;

  /** Iterations run so far. */
  get done(): number {
    return this.#done;
  }

  start(): void {
    this.#lastActivity = performance.now();
    this.#schedule(this.idleMs);
  }

  activity(): void {
    this.#lastActivity = performance.now();
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#timer) clearTimeout(this.#timer);
  }

  #schedule(ms: number): void {
    if (this.#disposed || this.#done >= this.iterations) return;
    // The warm-up never keeps the process alive.
    this.#timer = background(setTimeout(() => this.#slice(), ms));
  }

  #slice(): void {
    const quietFor = performance.now() - this.#lastActivity;
    if (quietFor < this.idleMs) return this.#schedule(this.idleMs - quietFor);
    if (this.#disposed) return;
    const start = performance.now();
    try {
      this.run(this.#done);
    } catch {
      // A warm-up failure is never the user's concern: the same path runs for real on their documents, guarded there.
      this.#done = this.iterations;
      return;
    }
    this.#spentMs += performance.now() - start;
    this.#done++;
    if (this.#done >= this.iterations) return this.finished(this.#done, this.#spentMs);
    // The next slice after the messages that arrived meanwhile (setImmediate runs after the poll for I/O).
    runSoon(() => this.#slice());
  }
}
