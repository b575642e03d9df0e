// "What the service will store": the answer of calckit/calculation for the formula being edited.
import type { CalculationResult } from '@calckit/language-server/browser';

function item(list: HTMLDListElement, term: string, value: string | Node, testId: string): void {
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.dataset['testid'] = testId;
  if (typeof value === 'string') dd.textContent = value;
  else dd.append(value);
  list.append(dt, dd);
}

function codeList(values: readonly string[]): HTMLElement {
  const code = document.createElement('code');
  code.textContent = values.length > 0 ? values.join(', ') : '(none)';
  return code;
}

export function renderCalculation(target: HTMLElement, result: CalculationResult | null): void {
  target.replaceChildren();
  if (!result) {
    target.textContent = 'Waiting for the language server…';
    return;
  }
  const list = document.createElement('dl');
  const status = document.createElement('span');
  status.className = result.status === 'VALID' ? 'status-valid' : 'status-invalid';
  status.textContent = result.status;
  item(list, 'status', status, 'calc-status');
  if (result.problems.length > 0) {
    const problems = document.createElement('ul');
    problems.className = 'problems';
    for (const p of result.problems) {
      const li = document.createElement('li');
      li.textContent = `${p.range.start.line + 1}:${p.range.start.character + 1} ${p.message}`;
      problems.append(li);
    }
    item(list, 'why', problems, 'calc-problems');
  }
  item(list, 'dataType', result.dataType, 'calc-dataType');
  item(list, 'functions', codeList(result.functions), 'calc-functions');
  item(list, 'columnPositions', codeList(result.columnPositions.map((c) => `${c.columnName} @ ${c.columnPosition}`)), 'calc-columnPositions');
  item(list, 'checkSum', codeList([result.checkSum]), 'calc-checkSum');
  item(list, 'aggregated', result.aggregated ? (result.analytic ? 'yes, with a window' : 'yes') : result.analytic ? 'no (a window)' : 'no', 'calc-aggregated');
  if (result.nonAggregatedColumns.length > 0) item(list, 'nonAggregatedColumns', codeList(result.nonAggregatedColumns), 'calc-nonAggregatedColumns');
  item(list, 'cacheWindow', result.cacheWindow, 'calc-cacheWindow');
  item(list, 'service name', result.serviceName, 'calc-serviceName');
  item(list, 'schema', result.schemaColumns > 0 ? `${result.schemaColumns} columns` : 'none (columns not checked)', 'calc-schema');
  target.append(list);
}
