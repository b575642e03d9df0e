// What a formula file's text becomes when pushed: the BOM removed and trailing whitespace at the end removed.
// Nothing else is touched: the service hashes the stored text as is (facts.md), so inner spacing matters.

export function expressionFromFileText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\s+$/u, '');
}

/** The file text `pull` writes for a stored expression: the expression and one newline. */
export function fileTextFromExpression(expression: string): string {
  return expression.endsWith('\n') ? expression : `${expression}\n`;
}
