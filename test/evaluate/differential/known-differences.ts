// Where the service's documentation says the service computes something other than MariaDB does, the documented
// behaviour wins: the evaluator follows the service, and the differential tests compare it with MariaDB rewritten
// to the documented behaviour (and check that MariaDB as it is really differs, so that the entry stays true).
// This table is data; docs/evaluation.md's "Differences from MariaDB" section is rendered from it and checked by
// coverage.test.ts (UPDATE_DOCS=1 rewrites it).
import { FUNCTION_ENTRIES } from '@calckit/formula';
import type { CallRewrite } from './translate.js';

export interface KnownDifference {
  /** The function (upper-case catalogue name) or operator concerned. */
  readonly function: string;
  /** What the service does (what the evaluator does). */
  readonly service: string;
  /** What MariaDB 10.11 does. */
  readonly mariadb: string;
  /** Why the service's behaviour is the documented one: the source. */
  readonly source: string;
  /** The MariaDB expression that computes the service's behaviour, from the call's translated arguments. */
  readonly mariadbRewrite?: CallRewrite;
  /** For an operator: formulas of the suite → the MariaDB expression of the service's behaviour for each. */
  readonly formulas?: Readonly<Record<string, string>>;
}

/** MariaDB SQL for a LONG result wrapped to 64 bits two's complement, from the exact product or sum. */
const wrap64 = (exact: string) =>
  `CAST(MOD(MOD(${exact} + 9223372036854775808, 18446744073709551616) + 18446744073709551616, 18446744073709551616) - 9223372036854775808 AS SIGNED)`;

/** Functions the catalogue records as silently replaced by the service (`replacedBy`, from its formula reference). */
const REPLACED: KnownDifference[] = FUNCTION_ENTRIES.filter((e) => e.replacedBy).map((e) => ({
  function: e.name,
  service: `computes ${e.replacedBy}: the service silently replaces ${e.name} by ${e.replacedBy}`,
  mariadb: `computes ${e.name}`,
  source: `functions catalogue (packages/formula/src/catalogue/functions.data.ts, replacedBy): ${e.source}`,
  mariadbRewrite: (args) => `${e.replacedBy}(${args.join(', ')})`,
}));

const entry = (name: string) => FUNCTION_ENTRIES.find((e) => e.name === name)!;

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  ...REPLACED,
  {
    function: 'LOG',
    service: 'LOG(x) is the logarithm in base 10 (LOG(b, x) in base b)',
    mariadb: 'LOG(x) is the natural logarithm (LOG(b, x) in base b)',
    source: `functions catalogue: ${entry('LOG').source}, notes "${entry('LOG').notes}"`,
    mariadbRewrite: (args) => (args.length === 1 ? `LOG10(${args[0]})` : `LOG(${args.join(', ')})`),
  },
  {
    function: 'STDDEV',
    service: 'the sample standard deviation (divides by n − 1), as STDDEV_SAMP',
    mariadb: 'the population standard deviation (divides by n), as STDDEV_POP',
    source: `functions catalogue: ${entry('STDDEV').source}; its description: "${entry('STDDEV').description}"`,
    mariadbRewrite: (args) => `STDDEV_SAMP(${args.join(', ')})`,
  },
  {
    function: 'SEC_TO_TIME',
    service: 'a time of day: the seconds wrap at 24 hours (90000 is 01:00:00, −1 is 23:59:59)',
    mariadb: 'a signed duration up to ±838:59:59 (90000 is 25:00:00, −1 is -00:00:01)',
    source: `functions catalogue: ${entry('SEC_TO_TIME').source}, notes "${entry('SEC_TO_TIME').notes}"`,
    mariadbRewrite: (args) => `SEC_TO_TIME(MOD(MOD(${args[0]}, 86400) + 86400, 86400))`,
  },
  {
    function: 'STR_TO_DATE (impossible dates)',
    service: "NULL for a text that names no calendar day: a day past its month's end (`2024-02-30`) or a zero part (`2024-01` read with '%Y-%m-%d')",
    mariadb: "returns the impossible date itself (`2024-02-30`: it checks day ≤ 31 only; `2024-01-00`), a value whose parts read as written, whose day number counts on into the next month, and which DATE_ADD and UNIX_TIMESTAMP turn to NULL",
    source:
      "no documentation of the service says (its docs are silent on impossible dates); the evaluator's DATE and DATETIME are instants of the calendar (milliseconds since 1970), which cannot hold a day that does not exist, and a value of another kind read by code that ignores it would silently become 2024-03-01: NULL is the sound answer (packages/evaluate/docs/dates.md)",
    formulas: {
      "STR_TO_DATE(`Code`, '%Y-%m-%d')": "DATE_ADD(STR_TO_DATE(`Code`, '%Y-%m-%d'), INTERVAL 0 DAY)",
    },
  },
  {
    function: 'DATE_FORMAT (weeks of zero parts)',
    service: "NULL for %U %u %V %v %X %x of a date with a zero month or year (`'2024-00-10'`, `0`), and for %W %a %w of January and February of year 0",
    mariadb: "numbers of no meaning: calc_daynr's unsigned arithmetic wraps (`%U` of `0` is 613566757, of `'2024-00-10'` 613566753; `%x` of `'0000-01-01'` 4294967295; `'0000-01-01'` is a Sunday, the proleptic calendar's Saturday)",
    source:
      "no documentation of the service says; MariaDB's values there are overflow artefacts, not weeks: NULL, as MariaDB gives for %j and %M of the same dates, is the sound answer (the parts it prints sanely, zeros included, are MariaDB's: packages/evaluate/docs/dates.md)",
    formulas: {
      "DATE_FORMAT(20240000 + `N` * 100, '%Y-%m-%d %U %u %V %v %X %x')":
        "CASE WHEN MONTH(20240000 + `N` * 100) = 0 THEN NULL ELSE DATE_FORMAT(20240000 + `N` * 100, '%Y-%m-%d %U %u %V %v %X %x') END",
    },
  },
  {
    function: '+ - * (LONG overflow)',
    service: 'a LONG result past 64 bits wraps to negative (two\'s complement)',
    mariadb: 'the query fails: BIGINT value is out of range',
    source: 'the service\'s documentation as gathered in shared/facts.md ("Rules the service applies"): "Numeric overflow wraps to negative (64-bit)"',
    formulas: {
      '`Quantity` * 100000000000000': wrap64('CAST(`Quantity` AS DECIMAL(65)) * 100000000000000'),
      '`Quantity` + 9223372036854775000': wrap64('CAST(`Quantity` AS DECIMAL(65)) + 9223372036854775000'),
    },
  },
];

/** The docs table (Markdown), rendered from KNOWN_DIFFERENCES. */
export function renderKnownDifferences(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '| Function or operator | The service (and the evaluator) | MariaDB 10.11 | Source |',
    '|---|---|---|---|',
    ...KNOWN_DIFFERENCES.map((d) => `| \`${d.function}\` | ${cell(d.service)} | ${cell(d.mariadb)} | ${cell(d.source)} |`),
  ].join('\n');
}
