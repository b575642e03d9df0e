// The test file's JSON Schema for editors (generated from the zod schema; the package's schema/calc-test.schema.json
// is its copy, checked by a test and shipped in the tarball; `$schema` in a test file points at it, in the installed
// package: node_modules/@calckit/evaluate/schema/calc-test.schema.json).
import { z } from 'zod';
import { testFileSchema } from './spec.js';

export function testFileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(testFileSchema, { target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, title: 'calckit formula tests (*.calc.test.json, *.calc.test.yaml)' };
}
