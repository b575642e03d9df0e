// sarif: SARIF 2.1.0 for GitHub code scanning: one run, the rules as reportingDescriptors, one result per problem
// with a region (1-based columns, exclusive end) and fixes as artifactChanges.
import type { Reporter } from './types.js';

/** A relative path as a URI reference: `/`-separated, each segment percent-encoded (a lone surrogate as U+FFFD). */
export function toUriReference(path: string): string {
  return path
    .replace(/[\ud800-\udfff]/gu, '\ufffd')
    .replace(/\\/g, '/')
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

export const sarif: Reporter = (results, context) => {
  const ruleIndex = new Map(context.rules.map((r, i) => [r.meta.id, i]));
  const log = {
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
            rules: context.rules.map((r) => ({
              id: r.meta.id,
              name: r.meta.id.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase()),
              shortDescription: { text: `${r.meta.description}.` },
              fullDescription: { text: r.meta.docs.rationale.replace(/`/g, '') },
              ...(context.docsUrl ? { helpUri: `${context.docsUrl}${r.meta.id}.md` } : {}),
              help: { text: r.meta.docs.rationale.replace(/`/g, ''), markdown: r.meta.docs.rationale },
              defaultConfiguration: {
                enabled: r.meta.defaultSeverity !== 'off',
                level: r.meta.defaultSeverity === 'error' ? 'error' : 'warning',
              },
              properties: { category: r.meta.category, tags: [r.meta.category] },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The directory calckit lint ran in.' } } },
        artifacts: results.map((r) => ({ location: { uri: toUriReference(r.filePath), uriBaseId: '%SRCROOT%' }, sourceLanguage: 'calc' })),
        results: results.flatMap((r, artifactIndex) =>
          r.messages.map((m) => ({
            ruleId: m.ruleId,
            ...(ruleIndex.has(m.ruleId) ? { ruleIndex: ruleIndex.get(m.ruleId) } : {}),
            level: m.severity === 'error' ? 'error' : 'warning',
            message: { text: m.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: toUriReference(r.filePath), uriBaseId: '%SRCROOT%', index: artifactIndex },
                  region: {
                    startLine: m.range.start.line,
                    startColumn: m.range.start.column,
                    endLine: m.range.end.line,
                    endColumn: Math.max(m.range.end.column, m.range.end.line === m.range.start.line ? m.range.start.column + 1 : 1),
                  },
                },
              },
            ],
            ...(m.fix
              ? {
                  fixes: [
                    {
                      description: { text: 'calckit lint --fix' },
                      artifactChanges: [
                        {
                          artifactLocation: { uri: toUriReference(r.filePath), uriBaseId: '%SRCROOT%', index: artifactIndex },
                          replacements: [{ deletedRegion: { charOffset: m.fix.range[0], charLength: m.fix.range[1] - m.fix.range[0] }, insertedContent: { text: m.fix.text } }],
                        },
                      ],
                    },
                  ],
                }
              : {}),
          })),
        ),
      },
    ],
  };
  return JSON.stringify(log, null, 2);
};
