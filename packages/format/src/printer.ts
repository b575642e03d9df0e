// The printer: lays a layout document out to a width budget (Prettier's printDocToString algorithm, reduced to the
// document kinds in doc.ts). Language-agnostic: it knows groups, indentation and lines, nothing of formulas.
import { isDocArray, propagateBreaks, type Doc } from './doc.js';

export interface PrintOptions {
  /** The line-width budget in characters. */
  readonly lineWidth: number;
  /** One level of indentation (spaces or a tab). */
  readonly indentUnit: string;
  /** The newline sequence. */
  readonly newline: string;
}

type Mode = 'break' | 'flat';
interface Command {
  readonly indent: string;
  readonly mode: Mode;
  readonly doc: Doc;
}

/** Width of text as printed on one line: the characters after its last line break when it spans lines. */
function lastLineWidth(text: string): { width: number; multiline: boolean } {
  const nl = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  return nl < 0 ? { width: text.length, multiline: false } : { width: text.length - nl - 1, multiline: true };
}

/**
 * Whether `next` fits in `width` columns, followed by the rest of the commands up to their first line break.
 * In `mustBeFlat` mode a broken group does not fit.
 */
function fits(next: Command, rest: readonly Command[], width: number, hasLineSuffix: boolean, atLineStart: boolean): boolean {
  // A line break reached before any text, at the start of a line, prints nothing (the printer re-indents the
  // line): it neither ends the measure nor counts.
  let textSeen = false;
  let restIndex = rest.length;
  const cmds: Array<{ mode: Mode; doc: Doc }> = [{ mode: next.mode, doc: next.doc }];
  let remaining = width;
  while (remaining >= 0) {
    if (cmds.length === 0) {
      if (restIndex === 0) return true;
      const r = rest[--restIndex]!;
      cmds.push({ mode: r.mode, doc: r.doc });
      continue;
    }
    const { mode, doc } = cmds.pop()!;
    if (typeof doc === 'string') {
      const nl = doc.search(/[\r\n]/);
      if (nl >= 0) return remaining - nl >= 0;
      remaining -= doc.length;
      if (doc.length > 0) textSeen = true;
      continue;
    }
    if (isDocArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) cmds.push({ mode, doc: doc[i]! });
      continue;
    }
    switch (doc.type) {
      case 'group':
        cmds.push({ mode: doc.break ? 'break' : mode, doc: doc.contents });
        break;
      case 'indent':
        cmds.push({ mode, doc: doc.contents });
        break;
      case 'if-break':
        cmds.push({ mode, doc: mode === 'break' ? doc.breakContents : doc.flatContents });
        break;
      case 'fill':
        for (let i = doc.parts.length - 1; i >= 0; i--) cmds.push({ mode, doc: doc.parts[i]! });
        break;
      case 'line-suffix':
        hasLineSuffix = true;
        break;
      case 'break-parent':
        break;
      case 'line':
        if (mode === 'break' || doc.hard) {
          if (!textSeen && atLineStart) break;
          return true;
        }
        if (!doc.soft && (textSeen || !atLineStart)) remaining -= 1;
        break;
    }
  }
  void hasLineSuffix;
  return false;
}

/** Lays the document out; `propagateBreaks` is applied first (it marks groups, so build a fresh document per call). */
export function printDocToString(doc: Doc, options: PrintOptions): string {
  propagateBreaks(doc);
  const out: string[] = [];
  let column = 0;
  /** True while the current output line holds nothing but indentation. */
  let atLineStart = true;
  let lineSuffixes: Command[] = [];
  const cmds: Command[] = [{ indent: '', mode: 'break', doc }];

  /** Removes spaces and tabs the printer left at the end of the current line (text never ends with them). */
  const trimTrailingBlanks = (): void => {
    while (out.length > 0) {
      const trimmed = out[out.length - 1]!.replace(/[ \t]+$/, '');
      if (trimmed.length > 0) {
        out[out.length - 1] = trimmed;
        return;
      }
      out.pop();
    }
  };

  /**
   * Prettier's fill: the first item flat if it fits; the separator after it flat if the next item fits too on this
   * line, broken otherwise; then the rest of the parts as a new fill.
   */
  const printFill = (parts: readonly Doc[], indent: string, mode: Mode): void => {
    if (parts.length === 0) return;
    const remaining = options.lineWidth - column;
    const content = parts[0]!;
    const contentFlat: Command = { indent, mode: 'flat', doc: content };
    const contentBreak: Command = { indent, mode: 'break', doc: content };
    const contentFits = fits(contentFlat, [], remaining, lineSuffixes.length > 0, atLineStart);
    if (parts.length === 1) {
      cmds.push(contentFits ? contentFlat : contentBreak);
      return;
    }
    const separator = parts[1]!;
    const separatorFlat: Command = { indent, mode: 'flat', doc: separator };
    const separatorBreak: Command = { indent, mode: 'break', doc: separator };
    if (parts.length === 2) {
      cmds.push(contentFits ? separatorFlat : separatorBreak, contentFits ? contentFlat : contentBreak);
      return;
    }
    const rest: Command = { indent, mode, doc: { type: 'fill', parts: parts.slice(2) } };
    const pairFits = fits({ indent, mode: 'flat', doc: [content, separator, parts[2]!] }, [], remaining, lineSuffixes.length > 0, atLineStart);
    cmds.push(rest, pairFits ? separatorFlat : separatorBreak, contentFits ? contentFlat : contentBreak);
  };

  while (cmds.length > 0) {
    const { indent, mode, doc: d } = cmds.pop()!;
    if (typeof d === 'string') {
      // Separating spaces are dropped at the start of a line (after a comment's line break, the line is fresh).
      if (d.length === 0 || (atLineStart && /^[ \t]+$/.test(d))) continue;
      out.push(d);
      const { width, multiline } = lastLineWidth(d);
      column = multiline ? width : column + width;
      atLineStart = false;
    } else if (isDocArray(d)) {
      for (let i = d.length - 1; i >= 0; i--) cmds.push({ indent, mode, doc: d[i]! });
    } else {
      switch (d.type) {
        case 'group': {
          if (mode === 'flat' && !d.break) {
            cmds.push({ indent, mode: 'flat', doc: d.contents });
            break;
          }
          const flat: Command = { indent, mode: 'flat', doc: d.contents };
          if (!d.break && fits(flat, cmds, options.lineWidth - column, lineSuffixes.length > 0, atLineStart)) cmds.push(flat);
          else cmds.push({ indent, mode: 'break', doc: d.contents });
          break;
        }
        case 'indent':
          cmds.push({ indent: indent + options.indentUnit, mode, doc: d.contents });
          break;
        case 'if-break':
          cmds.push({ indent, mode, doc: mode === 'break' ? d.breakContents : d.flatContents });
          break;
        case 'line-suffix':
          lineSuffixes.push({ indent, mode, doc: d.contents });
          break;
        case 'fill':
          printFill(d.parts, indent, mode);
          break;
        case 'break-parent':
          break;
        case 'line': {
          if (mode === 'flat' && !d.hard) {
            if (!d.soft && !atLineStart) {
              out.push(' ');
              column += 1;
            }
            break;
          }
          if (lineSuffixes.length > 0) {
            // Print the deferred trailing comments first, then come back to this line break.
            cmds.push({ indent, mode, doc: d });
            for (let i = lineSuffixes.length - 1; i >= 0; i--) cmds.push(lineSuffixes[i]!);
            lineSuffixes = [];
            break;
          }
          if (atLineStart) {
            // Already at the start of a line (after a comment's line break): re-indent it to this command's level
            // instead of adding a blank line.
            trimTrailingBlanks();
            out.push(indent);
            column = indent.length;
            break;
          }
          trimTrailingBlanks();
          out.push(options.newline + indent);
          column = indent.length;
          atLineStart = true;
          break;
        }
      }
    }
    if (cmds.length === 0 && lineSuffixes.length > 0) {
      for (let i = lineSuffixes.length - 1; i >= 0; i--) cmds.push(lineSuffixes[i]!);
      lineSuffixes = [];
    }
  }
  return out.join('').replace(/[ \t\r\n]+$/, '');
}
