// The project file's JSON Schema for editors (generated from the zod schema; schema/calckit.schema.json is its copy).
import { z } from 'zod';
import { projectFileSchema } from './schema.js';

export function projectJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(projectFileSchema, { target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, title: 'calckit project file (calckit.json)' };
}
