// undocumented-function: functions the service accepts without documenting them for formulas: typed only by its
// engine's dataflow reference, or found in no source at all; and MySQL's argument counts beyond a documented
// signature (the catalogue's engine-forms.ts).
import { arity, ENGINE_DISTINCT, engineFormOf, formatSignature, functionAvailability, lookupFunction, type AvailabilityStatus } from '@calckit/formula';
import { defineRule } from '../types.js';

/** The availability statuses this rule reports (the policy in @calckit/formula's availability.ts: a warning). */
export const STATUSES: readonly AvailabilityStatus[] = ['engine', 'unverified'];

export const rule = defineRule({
  meta: {
    id: 'undocumented-function',
    description: 'Warn about functions the formula reference does not document (engine-only or in no source)',
    category: 'problem',
    defaultSeverity: 'warn',
    messages: {
      engine: "'{{name}}' is documented for the service's engine (its dataflows), not for formulas: it may change or be refused without notice",
      unverified: "'{{name}}' is in none of the service's references or samples: check that it works on your instance",
      engineDistinct: "'{{name}}(DISTINCT …)' is MySQL's form: the service documents DISTINCT only in COUNT and SUM; check that it works on your instance",
      engineForm: "'{{name}}' with {{count}} argument{{s}} is MySQL's form {{form}}, not the signature the service documents ({{signature}}): check that it works on your instance",
    },
    docs: {
      rationale:
        "Formulas run on the service's query engine, whose dataflow reference types more functions than the formula reference documents (MEDIAN, PERCENTILE, COALESCE, LN, …). The service accepts them and `calckit analyze` says VALID, but nothing promises them for formulas. A few functions (DENSE_RANK, ROW_NUMBER) are in no reference and no published sample at all. Each function's source is recorded in the function catalogue; see unsupported-function for the whole policy. It also warns about MySQL's argument counts beyond a documented signature (`LOG(base, x)`, `TIMESTAMP(date, time)`, `NOW(fsp)`, one-argument `CONCAT`, …) and DISTINCT in AVG, MIN and MAX: MySQL, the service's engine, computes them, but the service documents only its own forms. Turn the rule off once you have checked that a function works on your instance.",
      examples: [
        { code: 'MEDIAN(`Amount`)', reported: true },
        { code: 'DENSE_RANK() OVER (ORDER BY SUM(`Sales`) DESC)', reported: true, note: 'in no source' },
        { code: 'AVG(`Amount`)', reported: false },
        { code: 'LOG(2, `Amount`)', reported: true, note: "MySQL's two-argument form; the service documents LOG(x)" },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        const { status } = functionAvailability(node.upperName);
        if (status === 'engine' || status === 'unverified') context.report({ messageId: status, data: { name: node.name }, range: node.nameRange });
        const entry = node.parens && !node.recovered ? lookupFunction(node.upperName) : undefined;
        if (!entry) return;
        if (node.distinct && !entry.distinct && ENGINE_DISTINCT.has(entry.name)) context.report({ messageId: 'engineDistinct', data: { name: node.name }, node });
        const count = node.star ? 1 : node.args.length;
        const form = engineFormOf(entry.name, count, arity(entry));
        if (form) {
          context.report({ messageId: 'engineForm', data: { name: node.name, count, s: count === 1 ? '' : 's', form: form.form, signature: formatSignature(entry) }, range: node.argsRange ?? node.range });
        }
      },
    };
  },
});
