// Building fixes safely: the Fixer rules receive, guards that keep a fix from gluing tokens together, and the
// removal of a comment (unused directives).
import { wouldStartComment, type Node, type ParseResult, type Range } from '@calckit/formula';
import type { TreeMemo } from './tree-memo.js';
import type { Fix, Fixer } from './types.js';

function rangeOfTarget(parse: ParseResult, target: Node | Range): Range {
  return 'kind' in target ? target.range : target;
}

/** Quote characters that, doubled, escape themselves: a fix must not glue one to a neighbour of the same kind. */
const SELF_ESCAPING = new Set(["'", '`', '"']);
const WORD = /[A-Za-z0-9_$\u00c0-\uffff]/;

/**
 * A fix replacing `[start, end)` with `text`, with a space added where the new text would otherwise merge with its
 * neighbour (`"c"'x'` fixed to `'c''x'` would be one string with an escaped quote).
 */
function safeFix(source: string, start: number, end: number, text: string): Fix {
  let out = text;
  const before = source[start - 1];
  const after = source[end];
  // Removing text between two words or two same quotes would merge them: keep them apart.
  if (out === '' && before !== undefined && after !== undefined && ((WORD.test(before) && WORD.test(after)) || (before === after && SELF_ESCAPING.has(before)))) {
    return { range: [start, end], text: ' ' };
  }
  const first = out[0];
  const last = out[out.length - 1];
  const glues = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && ((SELF_ESCAPING.has(a) && a === b) || (WORD.test(a) && WORD.test(b)) || wouldStartComment(a, b));
  // New text must not merge with its neighbours: a quote with the same quote, a word with a word (`IS NULL` + `SUM`),
  // a minus with a minus (`--` starts a comment).
  if (glues(source[start - 1], first)) out = ` ${out}`;
  if (glues(last, source[end])) out = `${out} `;
  return { range: [start, end], text: out };
}

/** Quotes that open text in which `--` and `/*` are plain characters (strings, column names, comments' own text). */
const QUOTED_START = /^['`"\u2018\u2019\u201c\u201d]|^--|^\/\*/;

/** The token or comment that holds `offset` (strictly inside it), found by binary search. */
function holderOf(list: ParseResult['tokens'], offset: number): ParseResult['tokens'][number] | undefined {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = list[mid]!;
    if (t.endOffset! < offset) lo = mid + 1;
    else if (t.startOffset > offset) hi = mid - 1;
    else return t.startOffset < offset ? t : undefined;
  }
  return undefined;
}

/**
 * Any rule's fix (a fixer's or a plain edit) with a space added where its text would meet its neighbours as `--` or
 * `/*` and so start a comment that swallows the rest of the line (`1 -–1` fixed to `1 --1` would be `1`). Edits inside
 * a string, a quoted name or a comment are left as they are: there these characters mean themselves.
 */
export function keepCommentsOut(parse: ParseResult, fix: Fix): Fix {
  const source = parse.text;
  const [start, end] = fix.range;
  const inside = holderOf(parse.tokens, start) ?? holderOf(parse.trivia, start);
  if (inside && QUOTED_START.test(inside.image)) return fix;
  let text = fix.text;
  const before = source.slice(Math.max(0, start - 1), start);
  const after = source.slice(end, end + 1);
  if (text === '') return before && after && wouldStartComment(before, after) ? { range: fix.range, text: ' ' } : fix;
  if (before && wouldStartComment(before, text)) text = ` ${text}`;
  if (after && wouldStartComment(text, after)) text = `${text} `;
  return text === fix.text ? fix : { range: fix.range, text };
}

export function makeFixer(parse: ParseResult): Fixer {
  const source = parse.text;
  const offsets = (t: Node | Range): [number, number] => {
    const r = rangeOfTarget(parse, t);
    return [r.start.offset, r.end.offset];
  };
  return {
    replace: (t, text) => safeFix(source, ...offsets(t), text),
    insertBefore: (t, text) => safeFix(source, offsets(t)[0], offsets(t)[0], text),
    insertAfter: (t, text) => safeFix(source, offsets(t)[1], offsets(t)[1], text),
    remove: (t) => safeFix(source, ...offsets(t), ''),
    replaceOffsets: (start, end, text) => safeFix(source, start, end, text),
  };
}

/**
 * A test of whether the parser recovered inside a node, left an Error placeholder in it, or reported an error inside
 * its range (a token Chevrotain deleted to recover leaves no other trace in the tree). Each node is looked at once per
 * pass (`memo`), so that reporting on every link of a long chain does not walk the chain again each time.
 */
export function brokenTest(errors: ReadonlyArray<{ code: string; range: Range }>, memo: TreeMemo): (node: Node) => boolean {
  let starts: number[] | undefined;
  return (node) => {
    const { start, end } = node.range;
    if (errors.length > 0) {
      // Typographic quotes are lexing errors that leave the tree whole (and are what some fixes repair).
      starts ??= errors.filter((e) => e.code !== 'typographic-quote').map((e) => e.range.start.offset).sort((a, b) => a - b);
      // The first error starting at or after the node's start: inside when it starts before the node's end.
      let lo = 0;
      let hi = starts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid]! < start.offset) lo = mid + 1;
        else hi = mid;
      }
      if (lo < starts.length && starts[lo]! < end.offset) return true;
    }
    return memo.holdsRecovery(node);
  };
}

/** Removes a comment; when it stands alone on its line, the line goes too. */
export function removeComment(text: string, start: number, end: number): Fix {
  let s = start;
  while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
  let e = end;
  while (e < text.length && (text[e] === ' ' || text[e] === '\t')) e++;
  const lineStart = s === 0 || text[s - 1] === '\n' || text[s - 1] === '\r';
  if (lineStart && (e === text.length || text[e] === '\n' || text[e] === '\r')) {
    if (text.startsWith('\r\n', e)) e += 2;
    else if (e < text.length) e += 1;
    return { range: [s, e], text: '' };
  }
  // At the end of a line: the spaces before it go too. Inside a line: the spaces after it.
  if (e === text.length || text[e] === '\n' || text[e] === '\r') return { range: [s, e], text: '' };
  return safeFix(text, start, e, '');
}
