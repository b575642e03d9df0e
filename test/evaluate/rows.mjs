// Seeded, typed rows for the differential tests (test/evaluate/differential/) and the evaluate bench
// (bench/evaluate.mjs): the same columns in the evaluator (a dataset schema + JSON-like rows) and in MariaDB (a table
// with one SQL column per dataset column, named alike, plus `id`), loaded with LOAD DATA INFILE.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../bench/lib/prng.mjs';

/**
 * The dataset's columns: name (as formulas write it in backticks), dataset type, MariaDB type.
 * @type {readonly { name: string, type: 'STRING' | 'LONG' | 'DECIMAL' | 'DOUBLE' | 'DATE' | 'DATETIME', sql: string }[]}
 */
export const COLUMNS = [
  { name: 'Quantity', type: 'LONG', sql: 'BIGINT' },
  { name: 'N', type: 'LONG', sql: 'BIGINT' },
  { name: 'Sales', type: 'DECIMAL', sql: 'DECIMAL(14,2)' },
  { name: 'Discount', type: 'DOUBLE', sql: 'DOUBLE' },
  { name: 'Ratio', type: 'DOUBLE', sql: 'DOUBLE' },
  { name: 'Region', type: 'STRING', sql: 'VARCHAR(64)' },
  { name: 'Customer', type: 'STRING', sql: 'VARCHAR(64)' },
  { name: 'Code', type: 'STRING', sql: 'VARCHAR(64)' },
  { name: 'Order Date', type: 'DATE', sql: 'DATE' },
  { name: 'Ship Date', type: 'DATETIME', sql: 'DATETIME' },
];

/** The dataset schema the evaluator gets. */
export const SCHEMA = COLUMNS.map(({ name, type }) => ({ name, type }));

const REGIONS = ['East', 'West', 'North', 'South', 'Central'];
// Mixed case, accents, trailing and leading spaces, the empty string, a quote, characters whose case folding is special.
const CUSTOMERS = ['Ana', 'ana', 'ANA', 'Ána', 'José', 'jose', 'JOSE ', 'Zoë', "O'Neal", 'straße', 'STRASSE', '', ' ', '  padded  ', 'trail ', 'Émile Zola', 'ñandú', 'İstanbul', 'Çelik', 'a%b_c', 'x', 'Mixed Case Name'];
// Codes: words with separators, numbers written as text (for implicit conversion), dates written as text (zero dates
// too, as exports write a missing date), backslashes (Windows paths, an escaped wildcard).
const CODES = ['AB-12-x', 'ab-12-X', 'A,B,C', 'a,,b', '123', '12.5', '12.5abc', '-7', '0', '1e3', '2024-03-01', '2024-02-30', 'abc', 'ABC DEF ghi', 'path/to/file', '%_%', 'tab\there', 'ü', '', '0000-00-00', '00/00/0000', '0000-00-00 00:00:00', 'C:\\temp\\new', '50\\%'];

const pad = (n, w = 2) => String(n).padStart(w, '0');
const dateText = (ms) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const datetimeText = (ms) => {
  const d = new Date(ms);
  return `${dateText(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** Hand-written rows first: every column NULL, zeros, negatives, extremes, leap days, year ends. */
const EDGE_ROWS = [
  { Quantity: null, N: null, Sales: null, Discount: null, Ratio: null, Region: null, Customer: null, Code: null, 'Order Date': null, 'Ship Date': null },
  { Quantity: 0, N: 0, Sales: 0, Discount: 0, Ratio: 0, Region: 'East', Customer: '', Code: '0', 'Order Date': '2000-01-01', 'Ship Date': '2000-01-01 00:00:00' },
  { Quantity: -1, N: -1, Sales: -0.01, Discount: -0.5, Ratio: -1e6, Region: 'West', Customer: ' ', Code: '-7', 'Order Date': '1999-12-31', 'Ship Date': '1999-12-31 23:59:59' },
  { Quantity: 1, N: 1, Sales: 0.01, Discount: 1, Ratio: 1e-6, Region: 'North', Customer: 'trail ', Code: '12.5abc', 'Order Date': '2024-02-29', 'Ship Date': '2024-02-29 12:00:00' },
  { Quantity: 999999, N: 12, Sales: 99999999.99, Discount: 0.125, Ratio: 123456.789, Region: 'South', Customer: 'Ána', Code: '1e3', 'Order Date': '2023-12-31', 'Ship Date': '2024-01-01 00:00:01' },
  { Quantity: -999999, N: 3, Sales: -12345.67, Discount: 0.1, Ratio: -0.5, Region: 'Central', Customer: 'straße', Code: '2024-03-01', 'Order Date': '2021-01-03', 'Ship Date': '2021-01-03 06:07:08' },
  { Quantity: 7, N: 2, Sales: 2.5, Discount: 0.5, Ratio: 2.5, Region: 'East', Customer: 'José', Code: 'AB-12-x', 'Order Date': '2020-12-31', 'Ship Date': '2020-12-27 18:30:00' },
  { Quantity: 7, N: 2, Sales: -2.5, Discount: -2.5, Ratio: -2.5, Region: 'East', Customer: 'JOSE ', Code: 'A,B,C', 'Order Date': '2021-01-01', 'Ship Date': '2021-01-04 00:00:00' },
  { Quantity: 10, N: 0, Sales: 1.5, Discount: 0.045, Ratio: 1.005, Region: 'West', Customer: "O'Neal", Code: 'a,,b', 'Order Date': '1970-01-01', 'Ship Date': '1970-01-01 00:00:00' },
  { Quantity: 3, N: -3, Sales: 1234.5, Discount: 2.675, Ratio: 1234.5678, Region: 'North', Customer: 'Zoë', Code: 'ABC DEF ghi', 'Order Date': '2038-01-19', 'Ship Date': '2038-01-19 03:14:07' },
  { Quantity: 5, N: 5, Sales: 100, Discount: null, Ratio: 100, Region: null, Customer: 'Mixed Case Name', Code: '', 'Order Date': '2019-06-15', 'Ship Date': null },
  { Quantity: null, N: 4, Sales: 50, Discount: 0.25, Ratio: null, Region: 'South', Customer: '', Code: null, 'Order Date': null, 'Ship Date': '2019-06-15 23:59:59' },
];

/**
 * `count` rows (ids 1…count): the edge rows, then seeded random ones. Values are what a CSV/JSON cell holds:
 * numbers, text, dates as `YYYY-MM-DD`, datetimes as `YYYY-MM-DD HH:MM:SS`, null. `nulls` is the share of NULL cells
 * in random rows.
 */
export function generateRows(count, { seed = 20261124, nulls = 0.06, edges = true } = {}) {
  const random = mulberry32(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const maybe = (make) => (random() < nulls ? null : make());
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const rows = [];
  const start = Date.UTC(1995, 0, 1);
  const span = Date.UTC(2035, 0, 1) - start;
  for (let i = 0; i < count; i++) {
    if (edges && i < EDGE_ROWS.length) {
      rows.push({ ...EDGE_ROWS[i] });
      continue;
    }
    const day = start + Math.floor(random() * (span / 86_400_000)) * 86_400_000;
    rows.push({
      Quantity: maybe(() => (random() < 0.1 ? int(-50, 0) : int(1, 500))),
      N: maybe(() => int(-2, 10)),
      Sales: maybe(() => Math.round((random() < 0.1 ? -1 : 1) * random() * 1e7) / 100),
      Discount: maybe(() => (random() < 0.3 ? pick([0, 0.05, 0.1, 0.15, 0.25, 0.5]) : random())),
      Ratio: maybe(() => (random() - 0.3) * 10 ** int(-3, 6)),
      Region: maybe(() => pick(REGIONS)),
      Customer: maybe(() => pick(CUSTOMERS)),
      Code: maybe(() => pick(CODES)),
      'Order Date': maybe(() => dateText(day)),
      'Ship Date': maybe(() => datetimeText(day + int(0, 20 * 86_400) * 1000)),
    });
  }
  return rows;
}

const tsvCell = (v) => (v === null || v === undefined ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n'));

/**
 * Creates `table` (id + the columns) and loads `rows` into it through a TSV file in the server's `files` directory
 * (LOAD DATA INFILE). `engine` defaults to InnoDB, `collation` (of the text columns) to utf8mb4_general_ci.
 */
export async function loadRows(conn, { table = 't', rows, files, engine = 'InnoDB', columns = COLUMNS, collation = 'utf8mb4_general_ci' }) {
  await conn.query(`DROP TABLE IF EXISTS \`${table}\``);
  const defs = columns.map((c) => `\`${c.name}\` ${c.sql} NULL`).join(', ');
  await conn.query(`CREATE TABLE \`${table}\` (id INT NOT NULL PRIMARY KEY, ${defs}) ENGINE=${engine} DEFAULT CHARSET=utf8mb4 COLLATE=${collation}`);
  const file = join(files, `${table}.tsv`);
  const lines = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    let line = String(i + 1);
    for (const c of columns) line += `\t${tsvCell(row[c.name])}`;
    lines[i] = line;
  }
  writeFileSync(file, lines.length > 0 ? `${lines.join('\n')}\n` : '');
  await conn.query(
    `LOAD DATA INFILE '${file.replace(/'/g, "''")}' INTO TABLE \`${table}\` CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (id, ${columns.map((c) => `\`${c.name}\``).join(', ')})`,
  );
  const [{ n }] = await conn.query(`SELECT COUNT(*) AS n FROM \`${table}\``);
  if (Number(n) !== rows.length) throw new Error(`loaded ${n} rows into ${table}, expected ${rows.length}`);
}
