// nested-calculation-depth: a nested calculation (`SVC_BEAST_MODE(id)`) that itself nests another: the service
// allows one level only (ILLEGAL_DEPTH). Needs the project file to know what each calculation nests.
import { canonicalServiceName } from '@calckit/formula';
import { defineRule } from '../types.js';

export const rule = defineRule({
  meta: {
    id: 'nested-calculation-depth',
    description: 'Disallow nesting calculations more than one level deep (needs the project file)',
    category: 'problem',
    defaultSeverity: 'error',
    requiresProject: true,
    messages: {
      depth: 'Calculation {{id}} itself nests {{nested}}: the service allows one level of nesting only (ILLEGAL_DEPTH)',
      service: "'{{prefix}}_BEAST_MODE' does not match the service's name; write {{expected}}_BEAST_MODE({{id}})",
    },
    docs: {
      rationale:
        'A formula may reuse another calculation with `<SERVICE>_BEAST_MODE(<id>)`, but only one level deep: the service rejects a formula whose nested calculation nests another. The rule reads the nested formulas through the project file (`calculations` maps files to ids); without it the rule reports nothing.',
      examples: [{ code: 'SUM(`Sales`) / SVC_BEAST_MODE(42)', reported: false, note: 'when calculation 42 nests nothing' }],
    },
  },
  create(context) {
    const project = context.project;
    if (!project) return {};
    return {
      NestedCalculation(node) {
        const expected = canonicalServiceName(project.serviceName);
        if (node.service !== expected) {
          context.report({ messageId: 'service', data: { prefix: node.service, expected, id: node.id }, range: node.nameRange });
          // Another service's name: the id is not one of this project's calculations, so its depth means nothing.
          return;
        }
        // A calculation the project does not list may well exist on the service: nothing to check, nothing to say.
        const nested = project.nestedIds(node.id);
        if (nested !== undefined && nested.length > 0) {
          context.report({ messageId: 'depth', data: { id: node.id, nested: nested.map((n) => `calculation ${n}`).join(', ') }, node });
        }
      },
    };
  },
});
