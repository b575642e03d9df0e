// Go to definition: from a nested calculation (`SVC_BEAST_MODE(101)`) to the formula file of calculation 101, as
// the project file maps it.
import { nodePathAt } from '@calckit/formula';
import type { IdeDocument } from './document.js';
import type { IdeSettings, ProjectCalculationInfo, Span } from './types.js';

export interface Definition {
  /** The reference under the cursor. */
  readonly origin: Span;
  readonly calculation: ProjectCalculationInfo & { readonly file: string };
}

export function definition(doc: IdeDocument, offset: number, settings: IdeSettings = {}): Definition | undefined {
  const path = nodePathAt(doc.parse.formula, offset);
  const node = [...path].reverse().find((n) => n.kind === 'NestedCalculation');
  if (node?.kind !== 'NestedCalculation') return undefined;
  const calculation = settings.calculations?.find((c) => c.id === node.id);
  if (!calculation?.file) return undefined;
  return { origin: { start: node.range.start.offset, end: node.range.end.offset }, calculation: { ...calculation, file: calculation.file } };
}
