// The printer: lays a layout document out to a width budget (Prettier's printDocToString algorithm, reduced to the
// document kinds in doc.ts). Language-agnostic: it knows groups, indentation and lines, nothing of formulas.
//
// What a print learns about its document's groups (their flat widths) is kept by that print and dies with it. A
// module-level WeakMap keyed by groups would be old while the documents are young, and V8's scavenger keeps the values
// of an old WeakMap's young keys alive: every minor GC would copy the documents of recent prints (see the "Memory"
// invariant in ARCHITECTURE.md).
import { isDocArray, propagateBreaks, type Doc, type Group } from './doc.js';
import { textWidth } from './width.js';

export interface PrintOptions {
  /** The line-width budget in display columns (a wide character or an emoji takes two: see width.ts). */
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
  /** For a fill: the index of the part to start from (the rest of a fill is the same parts, further on, not a copy). */
  readonly from?: number;
}

/** Display width of text as printed on one line: the columns after its last line break when it spans lines. */
function lastLineWidth(text: string): { width: number; multiline: boolean } {
  const nl = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  return nl < 0 ? { width: textWidth(text), multiline: false } : { width: textWidth(text.slice(nl + 1)), multiline: true };
}

/**
 * Whether `next` fits in `width` columns, followed by the rest of the commands up to their first line break.
 * In `mustBeFlat` mode a broken group does not fit.
 */
function fits(next: Command, rest: readonly Command[], width: number, hasLineSuffix: boolean, atLineStart: boolean): boolean;
function fits(next: Command, rest: readonly Command[], width: number, hasLineSuffix: boolean, atLineStart: boolean, maxSteps: number): boolean | undefined;
function fits(next: Command, rest: readonly Command[], width: number, hasLineSuffix: boolean, atLineStart: boolean, maxSteps = Infinity): boolean | undefined {
  // A line break reached before any text, at the start of a line, prints nothing (the printer re-indents the
  // line): it neither ends the measure nor counts.
  let textSeen = false;
  let restIndex = rest.length;
  // Arrays and fills are walked part by part from `at`, never spread onto the stack whole: a list of 100,000 values
  // is measured only as far as the line goes.
  const cmds: Array<{ mode: Mode; doc: Doc; at: number }> = [{ mode: next.mode, doc: next.doc, at: next.from ?? 0 }];
  let remaining = width;
  for (let steps = 0; remaining >= 0; steps++) {
    // Past the budget, the caller decides otherwise (see flatWidth).
    if (steps > maxSteps) return undefined;
    if (cmds.length === 0) {
      if (restIndex === 0) return true;
      const r = rest[--restIndex]!;
      cmds.push({ mode: r.mode, doc: r.doc, at: r.from ?? 0 });
      continue;
    }
    const top = cmds[cmds.length - 1]!;
    const { mode, doc } = top;
    if (typeof doc !== 'string' && (isDocArray(doc) || doc.type === 'fill')) {
      const parts = isDocArray(doc) ? doc : doc.parts;
      if (top.at >= parts.length) cmds.pop();
      else cmds.push({ mode, doc: parts[top.at++]!, at: 0 });
      continue;
    }
    cmds.pop();
    if (typeof doc === 'string') {
      const nl = doc.search(/[\r\n]/);
      if (nl >= 0) return remaining - textWidth(doc.slice(0, nl)) >= 0;
      remaining -= textWidth(doc);
      if (doc.length > 0) textSeen = true;
      continue;
    }
    switch (doc.type) {
      case 'group':
        cmds.push({ mode: doc.break ? 'break' : mode, doc: doc.contents, at: 0 });
        break;
      case 'indent':
        cmds.push({ mode, doc: doc.contents, at: 0 });
        break;
      case 'if-break':
        cmds.push({ mode, doc: mode === 'break' ? doc.breakContents : doc.flatContents, at: 0 });
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

/**
 * Each group's text width up to its first line break, printed flat, for the groups of one print measured so far.
 * Stored negative (minus one) when the group's text holds a line break.
 */
type FlatWidths = Map<Group, number>;
/** Steps `fits` takes before a group's flat width is computed instead. */
const FITS_STEPS = 500;

/** The flat width of a group when already computed, else 0 (nothing known). */
function knownFlatWidth(group: Group, flatWidths: FlatWidths): number {
  const known = flatWidths.get(group);
  if (known === undefined) return 0;
  return known < 0 ? -known - 1 : known;
}

/**
 * A lower bound of the width a group takes printed flat: the length of its text up to the first line break in it
 * (lines, which only add, are not counted; line suffixes are not measured by `fits` either). Computed for every group
 * inside at once, bottom-up and without recursion, and remembered in `flatWidths`: when a deep document (a chain nested without
 * parentheses) does not fit, each of its groups is refused at once instead of `fits` descending to its first text again
 * for each level, which is quadratic.
 */
function flatWidth(root: Group, flatWidths: FlatWidths): number {
  const known = flatWidths.get(root);
  if (known !== undefined) return known < 0 ? -known - 1 : known;
  interface Frame {
    readonly doc: Doc;
    readonly parts: readonly Doc[];
    next: number;
    width: number;
    broke: boolean;
  }
  const partsOf = (d: Exclude<Doc, string>): readonly Doc[] => {
    if (isDocArray(d)) return d;
    switch (d.type) {
      case 'group':
      case 'indent':
        return [d.contents];
      case 'if-break':
        return [d.flatContents];
      case 'fill':
        return d.parts;
      default:
        return [];
    }
  };
  const frames: Frame[] = [{ doc: root, parts: partsOf(root), next: 0, width: 0, broke: false }];
  let result = 0;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.broke || frame.next >= frame.parts.length) {
      frames.pop();
      if (!isDocArray(frame.doc) && typeof frame.doc !== 'string' && frame.doc.type === 'group') flatWidths.set(frame.doc, frame.broke ? -frame.width - 1 : frame.width);
      const parent = frames[frames.length - 1];
      if (parent) {
        parent.width += frame.width;
        parent.broke = frame.broke;
      } else result = frame.width;
      continue;
    }
    const d = frame.parts[frame.next++]!;
    if (typeof d === 'string') {
      const nl = d.search(/[\r\n]/);
      if (nl >= 0) {
        frame.width += textWidth(d.slice(0, nl));
        frame.broke = true;
      } else frame.width += textWidth(d);
      continue;
    }
    if (!isDocArray(d) && d.type === 'group') {
      const width = flatWidths.get(d);
      if (width !== undefined) {
        frame.width += width < 0 ? -width - 1 : width;
        frame.broke = width < 0;
        continue;
      }
    }
    if (!isDocArray(d) && (d.type === 'line' || d.type === 'line-suffix' || d.type === 'break-parent')) continue;
    frames.push({ doc: d, parts: partsOf(d), next: 0, width: 0, broke: false });
  }
  return result;
}

/** Lays the document out; `propagateBreaks` is applied first (it marks groups, so build a fresh document per call). */
export function printDocToString(doc: Doc, options: PrintOptions): string {
  propagateBreaks(doc);
  const flatWidths: FlatWidths = new Map();
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
  const printFill = (fillDoc: Doc, parts: readonly Doc[], from: number, indent: string, mode: Mode): void => {
    const left = parts.length - from;
    if (left <= 0) return;
    const remaining = options.lineWidth - column;
    const content = parts[from]!;
    const contentFlat: Command = { indent, mode: 'flat', doc: content };
    const contentBreak: Command = { indent, mode: 'break', doc: content };
    const contentFits = fits(contentFlat, [], remaining, lineSuffixes.length > 0, atLineStart);
    if (left === 1) {
      cmds.push(contentFits ? contentFlat : contentBreak);
      return;
    }
    const separator = parts[from + 1]!;
    const separatorFlat: Command = { indent, mode: 'flat', doc: separator };
    const separatorBreak: Command = { indent, mode: 'break', doc: separator };
    if (left === 2) {
      cmds.push(contentFits ? separatorFlat : separatorBreak, contentFits ? contentFlat : contentBreak);
      return;
    }
    // The rest of the fill: the same document, two parts further (a copy per step would be quadratic).
    const rest: Command = { indent, mode, doc: fillDoc, from: from + 2 };
    const pairFits = fits({ indent, mode: 'flat', doc: [content, separator, parts[from + 2]!] }, [], remaining, lineSuffixes.length > 0, atLineStart);
    cmds.push(rest, pairFits ? separatorFlat : separatorBreak, contentFits ? contentFlat : contentBreak);
  };

  while (cmds.length > 0) {
    const { indent, mode, doc: d, from } = cmds.pop()!;
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
          const room = options.lineWidth - column;
          let flatFits = false;
          if (!d.break && knownFlatWidth(d, flatWidths) <= room) {
            // Measured the usual way while that is quick; a group whose first text lies deep inside (a chain nested
            // without parentheses) is measured by its flat width, known for every group once computed for one.
            const quick = fits(flat, cmds, room, lineSuffixes.length > 0, atLineStart, FITS_STEPS);
            flatFits = quick ?? (flatWidth(d, flatWidths) <= room && fits(flat, cmds, room, lineSuffixes.length > 0, atLineStart));
          }
          if (flatFits) cmds.push(flat);
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
          printFill(d, d.parts, from ?? 0, indent, mode);
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
