// The workbench page: the editor (CodeMirror 6) on the left, wired over LSP to calckit's language server in a Web
// Worker; on the right the schema box, what the service will store (calckit/calculation) and the evaluation over
// rows (calckit/evaluate), all refreshed as you type; the state travels in the URL's hash.
import { basicSetup } from 'codemirror';
import { EditorView, keymap } from '@codemirror/view';
import DOMPurify from 'dompurify';
import { LSPClient, LSPPlugin, formatDocument, formatKeymap, hoverTooltips, serverCompletion, signatureHelp } from '@codemirror/lsp-client';
import type { CalculationResult, EvaluateResponse } from '@calckit/language-server/browser';
import { renderCalculation } from './calculation-panel.js';
import { csvOfTable, tableOfCsv, type RowTable } from './csv-text.js';
import { diagnosticsWithFixes } from './diagnostics.js';
import { addRow, renderGroupBy, renderRowsTable, showValues } from './evaluation-panel.js';
import { EXAMPLES } from './examples.js';
import { readSchemaText } from './schema-text.js';
import { refreshSemanticColours, semanticColours } from './semantic-colours.js';
import { decodeState, encodeState, type SharedState } from './share-link.js';
import { workerTransport } from './transport.js';

/** The one document the page edits (an untitled document: no project maps it, so the schema setting gives columns). */
const URI = 'untitled:formula.calc';
/** Time after the last edit before the side panels and the colours are refreshed. */
const REFRESH_DELAY_MS = 120;

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
};

const ui = {
  editor: byId<HTMLDivElement>('editor'),
  example: byId<HTMLSelectElement>('example'),
  format: byId<HTMLButtonElement>('format'),
  copyLink: byId<HTMLButtonElement>('copy-link'),
  link: byId<HTMLInputElement>('share-link'),
  linkStatus: byId<HTMLElement>('link-status'),
  serverStatus: byId<HTMLElement>('server-status'),
  schemaExample: byId<HTMLSelectElement>('schema-example'),
  schema: byId<HTMLTextAreaElement>('schema'),
  schemaStatus: byId<HTMLElement>('schema-status'),
  calculation: byId<HTMLElement>('calculation'),
  csv: byId<HTMLTextAreaElement>('csv'),
  csvStatus: byId<HTMLElement>('csv-status'),
  rows: byId<HTMLTableElement>('rows'),
  addRow: byId<HTMLButtonElement>('add-row'),
  groupBy: byId<HTMLElement>('group-by'),
  groups: byId<HTMLTableElement>('groups'),
  evalError: byId<HTMLElement>('eval-error'),
};

const DEFAULT_FORMULA = EXAMPLES.formulas.find((f) => f.name === 'net-revenue') ?? EXAMPLES.formulas[0];
const salesSchema = EXAMPLES.schemas.find((s) => s.name === DEFAULT_FORMULA?.schema)?.text ?? '';

let groupBy: string[] = [];
let table: RowTable = { header: [], rows: [] };

// ---- The language server in its worker, and the client.
const worker = new Worker(new URL('./worker.js', import.meta.url), { name: 'calckit-language-server' });
worker.addEventListener('error', (event) => {
  ui.serverStatus.textContent = `The language server stopped: ${event.message || 'its script failed to load'}`;
  ui.serverStatus.dataset['state'] = 'failed';
});

function schemaSetting(): Record<string, unknown> {
  const reading = readSchemaText(ui.schema.value);
  return 'columns' in reading && reading.columns ? { schema: reading.columns } : {};
}

/**
 * `?diagnosticsDelay=<ms>` (0 to 10,000) overrides the server's debounce of its diagnostics (default 150 ms): `npm run
 * bench` loads the page with 0, as it runs the Node server, so that both figures measure work, not the same wait.
 */
function diagnosticsDelayOfUrl(): { diagnosticsDelay?: number } {
  const text = new URLSearchParams(location.search).get('diagnosticsDelay');
  const delay = text === null || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(delay) && delay >= 0 && delay <= 10_000 ? { diagnosticsDelay: delay } : {};
}

const client = new LSPClient({
  timeout: 10_000,
  // The client renders the server's Markdown (hover, completion, signature help) to HTML for innerHTML. The page's
  // state comes from links anyone can make: whatever HTML a name in that Markdown might carry is taken out.
  sanitizeHTML: (html) => DOMPurify.sanitize(html),
  // The server pushes diagnostics (this client declares pull support it does not use; diagnostics.ts shows pushes).
  initializationOptions: { settings: schemaSetting(), pushDiagnostics: true, ...diagnosticsDelayOfUrl() },
  extensions: [diagnosticsWithFixes((version) => {
    // When each version's diagnostics were shown (ms since the page's time origin): bench/workbench.mjs reads these
    // attributes for its load and keystroke figures (nothing else does; keep them).
    const now = performance.now().toFixed(1);
    ui.editor.dataset['diagnosticsShownAt'] = now;
    ui.editor.dataset['firstDiagnosticsAt'] ??= now;
    ui.editor.dataset['diagnosticsVersion'] = String(version ?? '');
  })],
}).connect(workerTransport(worker));

// ---- The editor.
let view: EditorView;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let requestSeq = 0;

function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refresh(), REFRESH_DELAY_MS);
}

function initialView(doc: string): EditorView {
  return new EditorView({
    doc,
    parent: ui.editor,
    extensions: [
      basicSetup,
      LSPPlugin.create(client, URI, 'calc'),
      serverCompletion(),
      hoverTooltips(),
      signatureHelp(),
      keymap.of(formatKeymap),
      semanticColours,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': 'Formula', 'data-testid': 'formula' }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        // Each change goes to the server at once (it debounces its diagnostics); the panels wait for a pause.
        queueMicrotask(() => client.sync());
        scheduleRefresh();
      }),
    ],
  });
}

// ---- Side panels.
async function refresh(): Promise<void> {
  const seq = ++requestSeq;
  await client.initializing;
  client.sync();
  void refreshSemanticColours(view).catch(() => undefined);
  const textDocument = { uri: URI };
  const [calculation, evaluation] = await Promise.all([
    client.request<unknown, CalculationResult | null>('calckit/calculation', { textDocument }).catch((error: unknown) => errorCalculation(error)),
    table.header.length === 0
      ? Promise.resolve(undefined)
      : client.request<unknown, EvaluateResponse>('calckit/evaluate', { textDocument, csv: ui.csv.value, groupBy }).catch((error: unknown): EvaluateResponse => ({
        ok: false, problem: { kind: 'request', message: `The evaluation request failed: ${describe(error)}` },
      })),
  ]);
  if (seq !== requestSeq) return;
  renderCalculation(ui.calculation, calculation);
  showValues(ui.rows, ui.groups, ui.evalError, evaluation, groupBy);
  document.body.dataset['refreshed'] = String(seq);
  await rememberInUrl();
}

function errorCalculation(error: unknown): null {
  ui.serverStatus.textContent = `What the service stores could not be computed: ${describe(error)}`;
  return null;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'object' && error && 'message' in error ? String((error as { message: unknown }).message) : String(error));

// ---- Schema.
function applySchema(): void {
  const reading = readSchemaText(ui.schema.value);
  ui.schemaStatus.textContent = 'error' in reading ? reading.error : reading.columns ? `${reading.columns.length} columns` : 'No schema: column names are not checked';
  ui.schemaStatus.dataset['state'] = 'error' in reading ? 'error' : 'ok';
  const settings = { calckit: schemaSetting() };
  // Sent once the server is initialized (the first schema goes in initializationOptions too).
  void client.initializing.then(() => client.notification('workspace/didChangeConfiguration', { settings }));
  scheduleRefresh();
}

// ---- Rows.
function showTable(next: RowTable, rewriteCsv: boolean): void {
  table = next;
  if (rewriteCsv) ui.csv.value = csvOfTable(next);
  renderRowsTable(ui.rows, next, { onEdit: (edited) => {
    // A cell edit keeps the table's inputs (and focus); rows added or removed redraw it.
    const redraw = edited.rows.length !== table.rows.length;
    table = edited;
    ui.csv.value = csvOfTable(edited);
    if (redraw) showTable(edited, false);
    scheduleRefresh();
  } });
  groupBy = groupBy.filter((g) => next.header.includes(g));
  renderGroupBy(ui.groupBy, next.header, new Set(groupBy), (picked) => {
    groupBy = picked;
    scheduleRefresh();
  });
}

function readCsvBox(): void {
  const read = tableOfCsv(ui.csv.value);
  if (read instanceof Error) {
    ui.csvStatus.textContent = read.message;
    ui.csvStatus.hidden = false;
  } else {
    ui.csvStatus.hidden = true;
    showTable(read, false);
  }
  scheduleRefresh();
}

// ---- Shared links.
function currentState(): SharedState {
  return { formula: view.state.doc.toString(), schema: ui.schema.value, csv: ui.csv.value, groupBy };
}

async function rememberInUrl(): Promise<void> {
  const hash = await encodeState(currentState());
  if (location.hash !== hash) history.replaceState(null, '', hash);
  ui.link.value = location.href;
}

// ---- Examples.
function fillExamplePickers(): void {
  for (const formula of EXAMPLES.formulas) ui.example.add(new Option(`${formula.title} (${formula.name}.calc)`, formula.name));
  for (const schema of EXAMPLES.schemas) ui.schemaExample.add(new Option(`${schema.name}.json`, schema.name));
}

function loadExample(name: string): void {
  const formula = EXAMPLES.formulas.find((f) => f.name === name);
  if (!formula) return;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: formula.text } });
  const schema = EXAMPLES.schemas.find((s) => s.name === formula.schema);
  ui.schema.value = schema?.text ?? '';
  applySchema();
  groupBy = [...(formula.groupBy ?? [])];
  ui.csv.value = formula.csv ?? '';
  readCsvBox();
}

// ---- Start.
async function start(): Promise<void> {
  fillExamplePickers();
  const shared = await decodeState(location.hash);
  if (shared instanceof Error) {
    ui.linkStatus.textContent = `${shared.message}; the page starts from its example instead.`;
    ui.linkStatus.hidden = false;
  }
  const state: SharedState = shared && !(shared instanceof Error)
    ? shared
    : { formula: DEFAULT_FORMULA?.text ?? '', schema: salesSchema, csv: DEFAULT_FORMULA?.csv ?? '', groupBy: DEFAULT_FORMULA?.groupBy ?? [] };
  ui.schema.value = state.schema;
  ui.csv.value = state.csv;
  groupBy = [...state.groupBy];
  view = initialView(state.formula);
  const reading = tableOfCsv(state.csv);
  if (!(reading instanceof Error)) showTable(reading, false);
  else readCsvBox();
  applySchema();

  ui.example.addEventListener('change', () => loadExample(ui.example.value));
  ui.schemaExample.addEventListener('change', () => {
    const schema = EXAMPLES.schemas.find((s) => s.name === ui.schemaExample.value);
    if (schema) ui.schema.value = schema.text;
    applySchema();
  });
  ui.schema.addEventListener('input', applySchema);
  ui.csv.addEventListener('input', readCsvBox);
  ui.addRow.addEventListener('click', () => {
    showTable(addRow(table), true);
    scheduleRefresh();
  });
  ui.format.addEventListener('click', () => {
    formatDocument(view);
    view.focus();
  });
  ui.copyLink.addEventListener('click', async () => {
    await rememberInUrl();
    ui.link.hidden = false;
    ui.link.select();
    try {
      await navigator.clipboard.writeText(location.href);
      ui.copyLink.textContent = 'Link copied';
    } catch {
      ui.copyLink.textContent = 'Copy the link below';
    }
    setTimeout(() => (ui.copyLink.textContent = 'Copy link'), 2000);
  });

  await client.initializing;
  ui.serverStatus.textContent = 'Language server ready';
  ui.serverStatus.dataset['state'] = 'ready';
  scheduleRefresh();
}

void start();
