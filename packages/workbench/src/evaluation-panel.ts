// The evaluation panel: the rows as an editable table (each row's value beside it), the groups' values for an
// aggregate formula, the group-by picker, and the evaluation's error shown plainly.
import type { EvaluateResponse } from '@calckit/language-server/browser';
import type { RowTable } from './csv-text.js';

type OutputValue = string | number | boolean | null;

export interface RowsEditorEvents {
  /** The table changed by an edit in it (a cell, a row added or removed). */
  onEdit(table: RowTable): void;
}

const shown = (value: OutputValue): string => (value === null ? 'NULL' : typeof value === 'string' ? value : String(value));

function button(label: string, title: string, testId: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.title = title;
  b.setAttribute('aria-label', title);
  b.dataset['testid'] = testId;
  b.addEventListener('click', onClick);
  return b;
}

/** Draws `table` as inputs; values (one per row) go in the last column. Edits call `events.onEdit` with a new table. */
export function renderRowsTable(target: HTMLTableElement, table: RowTable, events: RowsEditorEvents): void {
  const copy = (): RowTable => ({ header: [...table.header], rows: table.rows.map((r) => [...r]) });
  const head = document.createElement('thead');
  const headRow = document.createElement('tr');
  for (const name of table.header) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    headRow.append(th);
  }
  const valueHead = document.createElement('th');
  valueHead.scope = 'col';
  valueHead.textContent = 'value';
  valueHead.className = 'value';
  headRow.append(valueHead, document.createElement('th'));
  head.append(headRow);
  const body = document.createElement('tbody');
  table.rows.forEach((row, r) => {
    const tr = document.createElement('tr');
    table.header.forEach((name, k) => {
      const td = document.createElement('td');
      const input = document.createElement('input');
      input.value = row[k] ?? '';
      input.placeholder = 'NULL';
      input.setAttribute('aria-label', `${name}, row ${r + 1}`);
      input.dataset['testid'] = `cell-${r}-${k}`;
      input.addEventListener('input', () => {
        row[k] = input.value === '' ? null : input.value;
        events.onEdit(copy());
      });
      td.append(input);
      tr.append(td);
    });
    const value = document.createElement('td');
    value.className = 'value';
    value.dataset['testid'] = 'row-value';
    tr.append(value);
    const remove = document.createElement('td');
    remove.append(button('×', `Remove row ${r + 1}`, `remove-row-${r}`, () => {
      const next = copy();
      next.rows.splice(r, 1);
      events.onEdit(next);
    }));
    tr.append(remove);
    body.append(tr);
  });
  target.replaceChildren(head, body);
}

export function addRow(table: RowTable): RowTable {
  return { header: [...table.header], rows: [...table.rows.map((r) => [...r]), table.header.map(() => null)] };
}

/** Writes the rows' values into the table's value cells and the groups' into the groups table. */
export function showValues(rowsTable: HTMLTableElement, groupsTable: HTMLTableElement, errorBox: HTMLElement, response: EvaluateResponse | undefined, groupBy: readonly string[]): void {
  const valueCells = [...rowsTable.querySelectorAll<HTMLElement>('td.value')];
  for (const cell of valueCells) cell.textContent = '';
  groupsTable.replaceChildren();
  groupsTable.hidden = true;
  errorBox.textContent = '';
  errorBox.hidden = true;
  if (!response) return;
  if (!response.ok) {
    const p = response.problem;
    errorBox.textContent =
      p.kind === 'csv' ? `CSV line ${p.line}: ${p.message}`
        : p.kind === 'formula' ? `${p.range ? `Formula ${p.range.start.line + 1}:${p.range.start.character + 1}: ` : ''}${p.message} (${p.code})`
          : p.message;
    errorBox.hidden = false;
    return;
  }
  if (response.kind === 'rows') {
    response.rows.forEach((row, r) => {
      const cell = valueCells[r];
      if (cell) cell.textContent = shown(row.value);
    });
    return;
  }
  // One value per group: the group-by columns, then the value.
  const head = document.createElement('tr');
  for (const name of [...groupBy, 'value']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    head.append(th);
  }
  const thead = document.createElement('thead');
  thead.append(head);
  const body = document.createElement('tbody');
  for (const row of response.rows) {
    const tr = document.createElement('tr');
    tr.dataset['testid'] = 'group-row';
    for (const name of groupBy) {
      const td = document.createElement('td');
      td.textContent = shown(row.group?.[name] ?? null);
      tr.append(td);
    }
    const value = document.createElement('td');
    value.className = 'value';
    value.dataset['testid'] = 'group-value';
    value.textContent = shown(row.value);
    tr.append(value);
    body.append(tr);
  }
  groupsTable.replaceChildren(thead, body);
  groupsTable.hidden = false;
}

/** The group-by picker: one checkbox per column of the rows, those in `selected` checked. */
export function renderGroupBy(target: HTMLElement, columns: readonly string[], selected: ReadonlySet<string>, onChange: (groupBy: string[]) => void): void {
  target.replaceChildren();
  const boxes: HTMLInputElement[] = [];
  columns.forEach((name, k) => {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = name;
    box.checked = selected.has(name);
    box.dataset['testid'] = `group-by-${k}`;
    box.addEventListener('change', () => onChange(boxes.filter((b) => b.checked).map((b) => b.value)));
    boxes.push(box);
    label.append(box, ` ${name}`);
    target.append(label);
  });
}
