// Public API of @calckit/lint: lint a formula's text, apply fixes, validate and resolve the `lint` configuration,
// list rules, render results (stylish, json, sarif, github, junit). Pure: no node:* imports, no I/O.
export { lintText, DIRECTIVE_RULE_ID, RuleError, type LintOptions } from './linter.js';
export { limitProblems, notShownMessage, shortenMessage, isNote, TOO_MANY_PROBLEMS, INTERNAL_ERROR, DEFAULT_MAX_PROBLEMS, MAX_MESSAGE_LENGTH, type ProblemLimits } from './limits.js';
export { applyFixes, type FixOutcome } from './fix.js';
export {
  parseLintConfig,
  resolveConfig,
  defaultOptions,
  overrideApplies,
  isIgnored,
  LintConfigError,
  type LintConfig,
  type LintOverride,
  type RuleEntry,
  type ConfigIssue,
} from './config.js';
export { isDirectiveComment, parseDirectives, type Directive } from './directives.js';
export { RULES, ruleById } from './rules/index.js';
export { buildSemantics, type Semantics } from './semantics/index.js';
export { closestNames } from './suggest.js';
export type * from './types.js';
export { defineRule } from './types.js';
export { ruleDoc, rulesIndex, rulesTable, withRuleList, RULE_LIST_PAGE, RULE_LIST_START, RULE_LIST_END } from './docs.js';
export { REPORTERS, codeFrame, escapeForTerminal, type FileResult, type ReportContext, type Reporter } from './reporters/index.js';
