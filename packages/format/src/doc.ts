// The layout document: a language-agnostic description of text and where it may break (after Prettier's Doc and
// Biome's FormatElement). Language code builds documents with these constructors; printer.ts lays them out.

/** A piece of layout. Strings must not contain line breaks unless they come with `breakParent` (see `verbatim`). */
export type Doc = string | readonly Doc[] | Group | Indent | Line | LineSuffix | BreakParent | IfBreak | Fill;

export interface Group {
  readonly type: 'group';
  readonly contents: Doc;
  /** Set when the group must break: by its builder or by `propagateBreaks` (a hard line or breakParent inside). */
  break: boolean;
}

export interface Indent {
  readonly type: 'indent';
  readonly contents: Doc;
}

/**
 * A line-break opportunity: in a flat group a space (`line`) or nothing (`softline`); in a broken group a newline.
 * `hard` always breaks. Any line reached while the output line holds only indentation re-indents that line
 * instead of adding a blank one (so a comment's line break and the layout's next line break make one break).
 */
export interface Line {
  readonly type: 'line';
  readonly soft: boolean;
  readonly hard: boolean;
}

/** Text deferred to just before the next newline (a trailing `-- comment` after a token). */
export interface LineSuffix {
  readonly type: 'line-suffix';
  readonly contents: Doc;
}

/** Forces every enclosing group to break. */
export interface BreakParent {
  readonly type: 'break-parent';
}

/** One of two documents, chosen by whether the enclosing group broke. */
export interface IfBreak {
  readonly type: 'if-break';
  readonly breakContents: Doc;
  readonly flatContents: Doc;
}

/**
 * Contents and separators alternating (`[item, line, item, line, item]`): as many items per line as fit, like words
 * in a paragraph (Prettier's fill). For long value lists.
 */
export interface Fill {
  readonly type: 'fill';
  readonly parts: readonly Doc[];
}

export function fill(parts: readonly Doc[]): Fill {
  return { type: 'fill', parts };
}

export const breakParent: BreakParent = { type: 'break-parent' };
export const line: Line = { type: 'line', soft: false, hard: false };
export const softline: Line = { type: 'line', soft: true, hard: false };
const hardLine: Line = { type: 'line', soft: false, hard: true };
/** A newline in every mode (none when the output line is still empty); breaks the enclosing groups. */
export const hardline: Doc = [hardLine, breakParent];

export function group(contents: Doc, options: { shouldBreak?: boolean } = {}): Group {
  return { type: 'group', contents, break: options.shouldBreak === true };
}

export function indent(contents: Doc): Indent {
  return { type: 'indent', contents };
}

export function lineSuffix(contents: Doc): LineSuffix {
  return { type: 'line-suffix', contents };
}

export function ifBreak(breakContents: Doc, flatContents: Doc = ''): IfBreak {
  return { type: 'if-break', breakContents, flatContents };
}

/** The documents with `separator` between each pair. */
export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const out: Doc[] = [];
  docs.forEach((d, i) => {
    if (i > 0) out.push(separator);
    out.push(d);
  });
  return out;
}

/** Text printed exactly as given, which may span lines (a multi-line block comment): it breaks the enclosing groups. */
export function verbatim(text: string): Doc {
  return /[\r\n]/.test(text) ? [text, breakParent] : text;
}

/**
 * Marks every group that contains a hard line or a breakParent, and every group around a broken group, as broken.
 * Iterative (explicit stack) so that deeply nested documents cannot overflow the call stack.
 */
export function propagateBreaks(doc: Doc): void {
  type Frame = { doc: Doc; exit: boolean };
  const stack: Frame[] = [{ doc, exit: false }];
  const groups: Group[] = [];
  const markParent = (): void => {
    const parent = groups[groups.length - 1];
    if (parent) parent.break = true;
  };
  while (stack.length > 0) {
    const { doc: d, exit } = stack.pop()!;
    if (typeof d === 'string') continue;
    if (isDocArray(d)) {
      for (let i = d.length - 1; i >= 0; i--) stack.push({ doc: d[i]!, exit: false });
      continue;
    }
    switch (d.type) {
      case 'group':
        if (exit) {
          groups.pop();
          if (d.break) markParent();
        } else {
          groups.push(d);
          stack.push({ doc: d, exit: true });
          stack.push({ doc: d.contents, exit: false });
        }
        break;
      case 'indent':
      case 'line-suffix':
        stack.push({ doc: d.contents, exit: false });
        break;
      case 'if-break':
        stack.push({ doc: d.breakContents, exit: false });
        break;
      case 'fill':
        for (let i = d.parts.length - 1; i >= 0; i--) stack.push({ doc: d.parts[i]!, exit: false });
        break;
      case 'break-parent':
        markParent();
        break;
      case 'line':
        if (d.hard) markParent();
        break;
    }
  }
}

export function isDocArray(d: Doc): d is readonly Doc[] {
  return Array.isArray(d);
}
