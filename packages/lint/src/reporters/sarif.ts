// sarif: SARIF 2.1.0 for GitHub code scanning: one run, the rules as reportingDescriptors, one result per problem
// with a region (1-based columns, exclusive end) and fixes as artifactChanges. Typed with the SARIF object model of
// @types/sarif, so a misspelt or misplaced property fails the build; test/lint validates the output against the schema.
import type { Fix, Log, ReportingDescriptor, Result } from 'sarif';
import type { Fix as LintFix, LintMessage, Rule } from '../types.js';
import type { FileResult, ReportContext, Reporter } from './types.js';

/** A relative path as a URI reference: `/`-separated, each segment percent-encoded (a lone surrogate as U+FFFD). */
export function toUriReference(path: string): string {
  return path
    .replace(/[\ud800-\udfff]/gu, '\ufffd')
    .replace(/\\/g, '/')
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

const SRCROOT = '%SRCROOT%';

/** A rule as a reportingDescriptor: its id, a PascalCase name, its descriptions, page and default level. */
function descriptor(rule: Rule, docsUrl: string | undefined): ReportingDescriptor {
  const { meta } = rule;
  return {
    id: meta.id,
    name: meta.id.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase()),
    shortDescription: { text: `${meta.description}.` },
    fullDescription: { text: meta.docs.rationale.replace(/`/g, '') },
    ...(docsUrl ? { helpUri: `${docsUrl}${meta.id}.md` } : {}),
    help: { text: meta.docs.rationale.replace(/`/g, ''), markdown: meta.docs.rationale },
    defaultConfiguration: {
      enabled: meta.defaultSeverity !== 'off',
      level: meta.defaultSeverity === 'error' ? 'error' : 'warning',
    },
    properties: { category: meta.category, tags: [meta.category] },
  };
}

/** The fix of a problem as one replacement in its file (offsets in UTF-16 code units, as `columnKind` says). */
function fixOf(fix: LintFix, uri: string, artifactIndex: number): Fix {
  return {
    description: { text: 'calckit lint --fix' },
    artifactChanges: [
      {
        artifactLocation: { uri, uriBaseId: SRCROOT, index: artifactIndex },
        replacements: [{ deletedRegion: { charOffset: fix.range[0], charLength: fix.range[1] - fix.range[0] }, insertedContent: { text: fix.text } }],
      },
    ],
  };
}

function resultOf(m: LintMessage, file: FileResult, artifactIndex: number, ruleIndex: ReadonlyMap<string, number>): Result {
  const uri = toUriReference(file.filePath);
  const index = ruleIndex.get(m.ruleId);
  return {
    ruleId: m.ruleId,
    ...(index !== undefined ? { ruleIndex: index } : {}),
    level: m.severity === 'error' ? 'error' : 'warning',
    message: { text: m.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri, uriBaseId: SRCROOT, index: artifactIndex },
          region: {
            startLine: m.range.start.line,
            startColumn: m.range.start.column,
            endLine: m.range.end.line,
            // SARIF regions are not empty: an empty range covers the character at its start.
            endColumn: Math.max(m.range.end.column, m.range.end.line === m.range.start.line ? m.range.start.column + 1 : 1),
          },
        },
      },
    ],
    ...(m.fix ? { fixes: [fixOf(m.fix, uri, artifactIndex)] } : {}),
  };
}

export const sarif: Reporter = (results, context: ReportContext) => {
  const ruleIndex = new Map(context.rules.map((r, i) => [r.meta.id, i]));
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'calckit',
            version: context.toolVersion,
            semanticVersion: context.toolVersion,
            ...(context.docsUrl ? { informationUri: `${context.docsUrl}README.md` } : {}),
            rules: context.rules.map((r) => descriptor(r, context.docsUrl)),
          },
        },
        columnKind: 'utf16CodeUnits',
        originalUriBaseIds: { [SRCROOT]: { description: { text: 'The directory calckit lint ran in.' } } },
        artifacts: results.map((r) => ({ location: { uri: toUriReference(r.filePath), uriBaseId: SRCROOT }, sourceLanguage: 'calc' })),
        results: results.flatMap((file, artifactIndex) => file.messages.map((m) => resultOf(m, file, artifactIndex, ruleIndex))),
      },
    ],
  };
  return JSON.stringify(log, null, 2);
};
