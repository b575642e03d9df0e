// Answers about subtrees that a lint pass asks many times (is it constant, does it hold a recovered node, where is an
// argument in its call), each computed once per node and remembered for that pass only.
//
// The tables belong to the pass and die with its tree. A module-level WeakMap keyed by nodes would be old while the
// nodes are young, and V8's scavenger keeps the values of an old WeakMap's young keys alive: every minor GC would copy
// the trees of the last few versions of a document, which is what made the language server's tail latency (see the
// "Memory" invariant in ARCHITECTURE.md).
import { pushChildren, type CallExpression, type Expression, type Node } from '@calckit/formula';

/** Nodes looked at before a question about a subtree is answered bottom-up and remembered instead. */
const SMALL_TREE = 64;

/** Nodes whose value depends on the row or the clock (or on what the parser could not read). */
const VARYING: ReadonlySet<string> = new Set(['Column', 'DoubleQuoted', 'Call', 'NestedCalculation', 'Error']);

/** A property of subtrees decided by some node in them: `marks(n)` true for a node that has it itself. */
interface SubtreeProperty {
  marks(n: Node): boolean;
}

const VARIES: SubtreeProperty = { marks: (n) => VARYING.has(n.kind) };
const HOLDS_RECOVERY: SubtreeProperty = { marks: (n) => n.recovered === true || n.kind === 'Error' };

/** Whether some node of a subtree of at most `budget` nodes is marked, or undefined past the budget. `stack` is
 * scratch space, left empty (one array for a whole pass, not one per question: rules ask of most nodes). */
function markedWithin(e: Node, property: SubtreeProperty, budget: number, stack: Node[]): boolean | undefined {
  stack.push(e);
  let answer: boolean | undefined = false;
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen >= budget) {
      answer = undefined;
      break;
    }
    const n = stack.pop()!;
    if (property.marks(n)) {
      answer = true;
      break;
    }
    pushChildren(n, stack);
  }
  if (stack.length > 0) stack.length = 0;
  return answer;
}

/**
 * Whether some node of the subtree is marked: bottom-up without recursion, remembering each node's answer in `known`,
 * so that asking about every link of a 100,000-term chain costs one pass over the chain, not one per link. A small
 * subtree (the usual condition) is answered by looking, without remembering anything.
 */
function markedInside(node: Node, property: SubtreeProperty, known: Map<Node, boolean>, scratch: Node[]): boolean {
  const remembered = known.get(node);
  if (remembered !== undefined) return remembered;
  const small = markedWithin(node, property, SMALL_TREE, scratch);
  if (small !== undefined) return small;
  const stack: Node[] = [node];
  const expanded: boolean[] = [false];
  const children: Node[] = [];
  while (stack.length > 0) {
    const n = stack[stack.length - 1]!;
    if (known.has(n)) {
      stack.pop();
      expanded.pop();
      continue;
    }
    if (property.marks(n)) {
      known.set(n, true);
      stack.pop();
      expanded.pop();
      continue;
    }
    children.length = 0;
    pushChildren(n, children);
    if (!expanded[expanded.length - 1]) {
      // First visit: the children not known yet are answered first.
      expanded[expanded.length - 1] = true;
      for (const c of children) {
        if (!known.has(c)) {
          stack.push(c);
          expanded.push(false);
        }
      }
      continue;
    }
    known.set(n, children.some((c) => known.get(c) === true));
    stack.pop();
    expanded.pop();
  }
  return known.get(node)!;
}

/** Calls with more arguments than this get an index of their arguments; shorter ones are searched. */
const INDEXED_ARGUMENTS = 16;

/** The remembered answers of one lint pass. Trees are immutable, so an answer holds for the whole pass. */
export class TreeMemo {
  private readonly varies = new Map<Node, boolean>();
  private readonly recovery = new Map<Node, boolean>();
  private readonly argumentIndexes = new Map<CallExpression, Map<Node, number>>();
  /** The small subtrees' search stack, reused by every question of the pass. */
  private readonly scratch: Node[] = [];
  /** The last shared answer: its question, its node and the answer. */
  private sharedQuestion: object | undefined;
  private sharedNode: Node | undefined;
  private sharedAnswer: unknown;

  /** True when the expression depends on no row and no clock: only literals and operators. */
  isConstant(e: Node): boolean {
    return !markedInside(e, VARIES, this.varies, this.scratch);
  }

  /** True when the subtree holds a node the parser recovered in or an Error placeholder. */
  holdsRecovery(node: Node): boolean {
    return markedInside(node, HOLDS_RECOVERY, this.recovery, this.scratch);
  }

  /** The index of `node` among a call's arguments (-1 when it is not one): constant time also for a call with
   * 100,000 arguments, where `args.indexOf` for each would be quadratic. */
  argumentIndex(call: CallExpression, node: Node): number {
    if (call.args.length <= INDEXED_ARGUMENTS) return call.args.indexOf(node as Expression);
    let index = this.argumentIndexes.get(call);
    if (!index) {
      index = new Map(call.args.map((a, i) => [a, i]));
      this.argumentIndexes.set(call, index);
    }
    return index.get(node) ?? -1;
  }

  /** `answer(node)`, remembered for the next asker of the same question about the same node. Rules sharing a
   * judgement (string-as-column and string-may-be-column) visit each node one after the other in the one walk, so
   * the last answer is all there is to remember: no table, and an asker out of turn just computes it again. */
  shared<N extends Node, T>(question: object, node: N, answer: (node: N) => T): T {
    if (this.sharedQuestion === question && this.sharedNode === node) return this.sharedAnswer as T;
    const value = answer(node);
    this.sharedQuestion = question;
    this.sharedNode = node;
    this.sharedAnswer = value;
    return value;
  }
}
