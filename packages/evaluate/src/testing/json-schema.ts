// The test file's JSON Schema for editors (generated from the zod schema; calc-test.schema.json beside this file is
// its copy, checked by a test; `$schema` in a test file points at it).
import { z } from 'zod';
import { testFileSchema } from './spec.js';

export function testFileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(testFileSchema, { target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, title: 'calckit formula tests (*.calc.test.json, *.calc.test.yaml)' };
}
