// What `pull` writes for a stored expression. (The other direction, file text → expression, is
// `expressionFromFileText` in @calckit/formula, shared with the editor.)

/** The file text `pull` writes for a stored expression: the expression and one newline. */
export function fileTextFromExpression(expression: string): string {
  return expression.endsWith('\n') ? expression : `${expression}\n`;
}
