// ANSI colours for terminal output; every function is the identity when colour is off.
export interface Palette {
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
  underline(s: string): string;
  green(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const identity = (s: string) => s;

export function palette(color: boolean): Palette {
  if (!color) return { red: identity, yellow: identity, dim: identity, bold: identity, underline: identity, green: identity };
  return { red: wrap(31, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22), underline: wrap(4, 24), green: wrap(32, 39) };
}
