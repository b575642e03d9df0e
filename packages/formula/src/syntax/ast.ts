// The typed AST of a formula: read-only plain data with exact source ranges, made by build-ast.ts's NodeBuilder.
// Nodes never carry analysis results; those live in side tables keyed by node (see types/ and analysis/).

/** A point in the source: 0-based UTF-16 `offset`, 1-based `line` and `column`. */
export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** A half-open source range `[start, end)`. */
export interface Range {
  readonly start: Position;
  readonly end: Position;
}

interface NodeBase {
  readonly range: Range;
  /** True when the parser recovered from a syntax error inside this node: parts may be missing. */
  readonly recovered?: boolean;
}

export type BinaryOperator = '+' | '-' | '*' | '/' | '=' | '!=' | '<>' | '<' | '>' | '<=' | '>=' | 'AND' | 'OR';
export type UnaryOperator = '-' | '+' | 'NOT';

/** How a column reference was written: `` `Name` ``, `Name` (bare) or `"Name"` (double quotes, ambiguous with a string). */
export type ColumnQuote = 'backtick' | 'bare' | 'double';

export interface ColumnRef extends NodeBase {
  readonly kind: 'Column';
  /** The column's name without quotes. */
  readonly name: string;
  readonly quote: ColumnQuote;
  /** The exact source text, quotes included. */
  readonly raw: string;
}

export interface StringLiteral extends NodeBase {
  readonly kind: 'String';
  readonly value: string;
  /** `single` is the language's string; `typographic` was written with ‘ ’ and is an error the linter fixes. */
  readonly quote: 'single' | 'typographic';
  readonly raw: string;
}

/** A double-quoted token: the language documents it for columns, published samples use it for strings. */
export interface DoubleQuotedLiteral extends NodeBase {
  readonly kind: 'DoubleQuoted';
  readonly value: string;
  readonly typographic: boolean;
  readonly raw: string;
}

export interface NumberLiteral extends NodeBase {
  readonly kind: 'Number';
  readonly value: number;
  /** True for integers written without a decimal point or exponent. */
  readonly integer: boolean;
  readonly raw: string;
}

export interface BooleanLiteral extends NodeBase {
  readonly kind: 'Boolean';
  readonly value: boolean;
  readonly raw: string;
}

export interface NullLiteral extends NodeBase {
  readonly kind: 'Null';
  readonly raw: string;
}

export interface UnaryExpression extends NodeBase {
  readonly kind: 'Unary';
  readonly operator: UnaryOperator;
  readonly operatorRange: Range;
  readonly operand: Expression;
}

export interface BinaryExpression extends NodeBase {
  readonly kind: 'Binary';
  readonly operator: BinaryOperator;
  readonly operatorRange: Range;
  /** The operator as written (`and`, `<>`), for printers that preserve case. */
  readonly operatorRaw: string;
  readonly left: Expression;
  readonly right: Expression;
}

export interface ParenExpression extends NodeBase {
  readonly kind: 'Paren';
  readonly expression: Expression;
}

export interface WhenClause extends NodeBase {
  readonly kind: 'When';
  readonly condition: Expression;
  readonly result: Expression;
}

export interface CaseExpression extends NodeBase {
  readonly kind: 'Case';
  /** The operand of a simple CASE (`CASE x WHEN 1 THEN …`); undefined for a searched CASE. */
  readonly operand?: Expression;
  readonly whens: readonly WhenClause[];
  readonly elseResult?: Expression;
  /** Ranges of the CASE, ELSE and END keywords (END absent when missing). */
  readonly caseKeyword: Range;
  readonly elseKeyword?: Range;
  readonly endKeyword?: Range;
}

export interface OrderItem extends NodeBase {
  readonly kind: 'OrderItem';
  readonly expression: Expression;
  readonly direction?: 'ASC' | 'DESC';
}

export interface WindowSpec extends NodeBase {
  readonly kind: 'Window';
  readonly partitionBy: readonly Expression[];
  readonly orderBy: readonly OrderItem[];
}

export type FixedMode = 'BY' | 'ADD' | 'REMOVE';
export type FixedFilterMode = 'NONE' | 'ALLOW' | 'DENY';

export interface FixedSpec extends NodeBase {
  readonly kind: 'Fixed';
  readonly mode?: FixedMode;
  readonly columns: readonly Expression[];
  readonly filter?: FixedFilterMode;
  readonly filterColumns: readonly Expression[];
}

export interface CallExpression extends NodeBase {
  readonly kind: 'Call';
  /** The name as written (`DateDiff`). */
  readonly name: string;
  /** The name upper-cased: the key into the function catalogue. */
  readonly upperName: string;
  readonly nameRange: Range;
  /** False for niladic constants written without parentheses (`CURRENT_DATE`). */
  readonly parens: boolean;
  readonly distinct: boolean;
  /** `COUNT(*)`. */
  readonly star: boolean;
  readonly args: readonly Expression[];
  /** Range of the argument list, parentheses included (absent without parentheses). */
  readonly argsRange?: Range;
  readonly over?: WindowSpec;
  readonly fixed?: FixedSpec;
}

/** `INTERVAL n UNIT`, an argument of the date arithmetic functions. */
export interface IntervalExpression extends NodeBase {
  readonly kind: 'Interval';
  readonly value: Expression;
  /** The unit upper-cased (`HOUR`); empty when missing. */
  readonly unit: string;
  readonly unitRange?: Range;
}

export interface InExpression extends NodeBase {
  readonly kind: 'In';
  readonly expression: Expression;
  readonly not: boolean;
  readonly list: readonly Expression[];
}

export interface LikeExpression extends NodeBase {
  readonly kind: 'Like';
  readonly expression: Expression;
  readonly not: boolean;
  readonly pattern: Expression;
}

export interface BetweenExpression extends NodeBase {
  readonly kind: 'Between';
  readonly expression: Expression;
  readonly not: boolean;
  readonly low: Expression;
  readonly high: Expression;
}

export interface IsNullExpression extends NodeBase {
  readonly kind: 'IsNull';
  readonly expression: Expression;
  readonly not: boolean;
}

/** `x IS [NOT] TRUE`, `x IS [NOT] FALSE`: MySQL's truth tests, never NULL (NULL is neither true nor false). */
export interface IsTruthExpression extends NodeBase {
  readonly kind: 'IsTruth';
  readonly expression: Expression;
  readonly not: boolean;
  /** TRUE or FALSE. */
  readonly value: boolean;
}

/** `<SERVICE>_BEAST_MODE(<id>)`: a reference to another calculation. */
export interface NestedCalculation extends NodeBase {
  readonly kind: 'NestedCalculation';
  /** The prefix before `_BEAST_MODE`, upper-cased (the service's name when valid). */
  readonly service: string;
  readonly id: number;
  readonly nameRange: Range;
}

/** A place where the parser expected an expression and found none. */
export interface ErrorExpression extends NodeBase {
  readonly kind: 'Error';
}

export type Expression =
  | ColumnRef
  | StringLiteral
  | DoubleQuotedLiteral
  | NumberLiteral
  | BooleanLiteral
  | NullLiteral
  | UnaryExpression
  | BinaryExpression
  | ParenExpression
  | CaseExpression
  | CallExpression
  | IntervalExpression
  | InExpression
  | LikeExpression
  | BetweenExpression
  | IsNullExpression
  | IsTruthExpression
  | NestedCalculation
  | ErrorExpression;

export interface Formula extends NodeBase {
  readonly kind: 'Formula';
  /** Absent for an empty formula (only whitespace and comments). */
  readonly expression?: Expression;
}

export type Node = Formula | Expression | WhenClause | WindowSpec | FixedSpec | OrderItem;
export type NodeKind = Node['kind'];
export type NodeOfKind<K extends NodeKind> = Extract<Node, { kind: K }>;
