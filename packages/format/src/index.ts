// Public API of @calckit/format: the formula formatter (formatText, range edits, options) and, for other
// languages or tools, the layout document and its printer.
export { formatText, type FormatResult, type FormatStatus } from './format.js';
export { formatEdits, formatRange, diffEdits, applyEdits, type TextEdit, type OffsetRange } from './edits.js';
export { resolveFormatOptions, applyCase, DEFAULT_FORMAT_OPTIONS, type FormatOptions, type ResolvedFormatOptions, type CaseStyle, type OptionsValidation } from './options.js';
export { astShape, sameShape } from './ast-shape.js';
export { printDocToString, type PrintOptions } from './printer.js';
export * as doc from './doc.js';
