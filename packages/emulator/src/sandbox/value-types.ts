// Checks JSON values against a code function's declared input and output types, and names actual types.
import type { ErrorInformation } from '@calckit/protocol';
import type { TypeSpec, ValueType } from '../fixtures-format.js';

type Scalar = Exclude<ValueType, 'ANY'>;

/** Which JSON values each declared scalar type accepts. */
const ACCEPTS: Readonly<Record<ValueType, (v: unknown) => boolean>> = {
  STRING: (v) => typeof v === 'string',
  NUMBER: (v) => typeof v === 'number' && Number.isFinite(v),
  INTEGER: (v) => typeof v === 'number' && Number.isSafeInteger(v),
  BOOLEAN: (v) => typeof v === 'boolean',
  OBJECT: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  ANY: () => true,
};

/** Name of one value's type: STRING, INTEGER, NUMBER, BOOLEAN, OBJECT, LIST or NULL. */
export function scalarTypeName(v: unknown): Scalar | 'NULL' | 'LIST' {
  if (v === null || v === undefined) return 'NULL';
  if (Array.isArray(v)) return 'LIST';
  if (typeof v === 'number') return Number.isSafeInteger(v) ? 'INTEGER' : 'NUMBER';
  if (typeof v === 'string') return 'STRING';
  if (typeof v === 'boolean') return 'BOOLEAN';
  return 'OBJECT';
}

/** The actual type in the terms of errorInformation: a list reports its elements' common type (or MIXED). */
export function describeActual(v: unknown): { type: string; isList: boolean } {
  if (!Array.isArray(v)) return { type: scalarTypeName(v), isList: false };
  const names = new Set(v.map((e) => scalarTypeName(e)));
  return { type: names.size === 0 ? 'EMPTY' : names.size === 1 ? [...names][0]! : 'MIXED', isList: true };
}

/** Why `v` does not fit `spec`, or undefined when it does. */
export function mismatch(spec: TypeSpec, v: unknown): string | undefined {
  const fits = (e: unknown): boolean => (e === null ? spec.allowNull : ACCEPTS[spec.type](e));
  const expected = `${spec.isList ? 'a list of ' : ''}${spec.type}${spec.allowNull ? ' (null allowed)' : ''}`;
  if (v === null) return spec.allowNull ? undefined : `expected ${expected}, got null`;
  if (spec.type === 'ANY' && !spec.isList) return undefined;
  if (spec.isList) {
    if (!Array.isArray(v)) return `expected ${expected}, got ${scalarTypeName(v)}`;
    const bad = v.findIndex((e) => !fits(e));
    return bad === -1 ? undefined : `expected ${expected}, element ${bad} is ${scalarTypeName(v[bad])}`;
  }
  return fits(v) ? undefined : `expected ${expected}, got ${describeActual(v).isList ? 'a list' : scalarTypeName(v)}`;
}

/** The errorInformation of a result that does not match the declared output. */
export function errorInformation(spec: TypeSpec, result: unknown, messages: readonly string[]): ErrorInformation {
  const actual = describeActual(result);
  return {
    result: result === undefined ? null : result,
    expectedType: spec.type,
    actualType: actual.type,
    expectedIsList: spec.isList,
    actualIsList: actual.isList,
    expectedAllowNull: spec.allowNull,
    errorMessages: [...messages],
  };
}
