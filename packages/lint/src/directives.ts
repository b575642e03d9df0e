// Inline directives in comments: `-- calckit-disable-next-line <rules>`, `-- calckit-disable-line`, and
// `/* calckit-disable <rules> */ … /* calckit-enable <rules> */`. Filters messages and finds unused directives.
import type { LineIndex, ParseResult } from '@calckit/formula';

export type DirectiveKind = 'disable' | 'enable' | 'disable-line' | 'disable-next-line';

export interface Directive {
  readonly kind: DirectiveKind;
  /** Rule ids named; empty means every rule. */
  readonly rules: readonly string[];
  /** The comment's offsets. */
  readonly start: number;
  readonly end: number;
  /** The line the directive applies to (line directives only). */
  readonly line?: number;
}

const PATTERN = /^\s*calckit-(disable-next-line|disable-line|disable|enable)(?=\s|$)([\s\S]*)$/;

/** A comment's text inside its `--` or its `/* *\/`, or undefined for other trivia. */
function commentBody(type: string, image: string): string | undefined {
  return type === 'LineComment' ? image.slice(2) : type === 'BlockComment' ? image.slice(2, -2) : undefined;
}

/**
 * Whether a comment (its whole text, `--` or `/*` included) is a directive: the only comments whose text changes what
 * lint reports (the editor lints again over an edit inside one, and moves its diagnostics over one inside another).
 */
export function isDirectiveComment(image: string): boolean {
  const body = image.startsWith('--') ? image.slice(2) : image.startsWith('/*') ? image.slice(2, -2) : undefined;
  return body !== undefined && PATTERN.test(body);
}

/** Directives in the comments of a file, in source order. */
export function parseDirectives(trivia: ParseResult['trivia'], lines: LineIndex): Directive[] {
  const out: Directive[] = [];
  for (const token of trivia) {
    const body = commentBody(token.tokenType.name, token.image);
    if (body === undefined) continue;
    const m = PATTERN.exec(body);
    if (!m) continue;
    // `-- calckit-disable-next-line rule-a, rule-b -- why`: text after ` -- ` is a reason.
    const list = m[2]!.split(/\s--\s|\s--$/)[0]!;
    const rules = list.split(/[\s,]+/).filter((r) => r.length > 0);
    const kind = m[1] as DirectiveKind;
    const start = token.startOffset;
    const end = start + token.image.length;
    const directive: Directive = { kind, rules, start, end };
    if (kind === 'disable-line') out.push({ ...directive, line: lines.positionAt(start).line });
    else if (kind === 'disable-next-line') out.push({ ...directive, line: lines.positionAt(end).line + 1 });
    else out.push(directive);
  }
  return out;
}

interface Located {
  readonly ruleId: string;
  readonly line: number;
  readonly offset: number;
}

/** The state of block directives (`disable` / `enable`) replayed up to some offset. */
interface BlockState {
  all: Directive | undefined;
  readonly exceptions: Set<string>;
  readonly byRule: Map<string, Directive>;
}

function replay(state: BlockState, d: Directive): void {
  if (d.kind === 'disable') {
    if (d.rules.length === 0) {
      state.all = d;
      state.exceptions.clear();
    } else for (const r of d.rules) state.byRule.set(r, d);
  } else if (d.kind === 'enable') {
    if (d.rules.length === 0) {
      state.all = undefined;
      state.byRule.clear();
    } else
      for (const r of d.rules) {
        state.byRule.delete(r);
        if (state.all) state.exceptions.add(r);
      }
  }
}

/** Which directive (and which of its rule names, '*' for all) suppresses a message, if any: a line directive of its
 * line first, else the block directives replayed up to its offset (`state`). */
function suppressor(lineDirectives: ReadonlyMap<number, readonly Directive[]>, state: BlockState, m: Located): { directive: Directive; name: string } | undefined {
  for (const d of lineDirectives.get(m.line) ?? []) {
    if (d.rules.length === 0) return { directive: d, name: '*' };
    if (d.rules.includes(m.ruleId)) return { directive: d, name: m.ruleId };
  }
  const specific = state.byRule.get(m.ruleId);
  if (specific) return { directive: specific, name: m.ruleId };
  if (state.all && !state.exceptions.has(m.ruleId)) return { directive: state.all, name: '*' };
  return undefined;
}

export interface DirectiveOutcome<M> {
  readonly kept: M[];
  /** Disable directives (and rule names within them) that suppressed nothing. */
  readonly unused: Array<{ directive: Directive; rules: readonly string[] }>;
}

/**
 * Drops suppressed messages and lists the unused disable directives. `unsuppressible` rules (syntax errors) are
 * never dropped.
 */
export function applyDirectives<M extends Located>(directives: readonly Directive[], messages: readonly M[], unsuppressible: ReadonlySet<string>): DirectiveOutcome<M> {
  // Line directives by line; block directives replayed once, in a sweep over the messages by offset: a file with a
  // directive on each of thousands of lines costs no pass over the directives per message.
  const lineDirectives = new Map<number, Directive[]>();
  const blocks: Directive[] = [];
  for (const d of directives) {
    if ((d.kind === 'disable-line' || d.kind === 'disable-next-line') && d.line !== undefined) {
      const list = lineDirectives.get(d.line);
      if (list) list.push(d);
      else lineDirectives.set(d.line, [d]);
    } else if (d.kind === 'disable' || d.kind === 'enable') blocks.push(d);
  }
  const order = messages.map((_, i) => i).sort((a, b) => messages[a]!.offset - messages[b]!.offset || a - b);
  const state: BlockState = { all: undefined, exceptions: new Set(), byRule: new Map() };
  const suppressed: Array<{ directive: Directive; name: string } | undefined> = new Array(messages.length);
  let next = 0;
  for (const i of order) {
    const m = messages[i]!;
    while (next < blocks.length && blocks[next]!.start <= m.offset) replay(state, blocks[next++]!);
    suppressed[i] = unsuppressible.has(m.ruleId) ? undefined : suppressor(lineDirectives, state, m);
  }
  const used = new Map<Directive, Set<string>>();
  const kept: M[] = [];
  messages.forEach((m, i) => {
    const s = suppressed[i];
    if (!s) {
      kept.push(m);
      return;
    }
    const names = used.get(s.directive) ?? new Set<string>();
    names.add(s.name);
    used.set(s.directive, names);
  });
  const unused: Array<{ directive: Directive; rules: readonly string[] }> = [];
  for (const d of directives) {
    if (d.kind === 'enable') continue;
    const names = used.get(d);
    if (d.rules.length === 0) {
      if (!names) unused.push({ directive: d, rules: [] });
    } else {
      const idle = d.rules.filter((r) => !names?.has(r));
      if (idle.length > 0) unused.push({ directive: d, rules: idle });
    }
  }
  return { kept, unused };
}
