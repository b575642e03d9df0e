// Regenerates schema/calckit.schema.json from the built zod schema (run after `npx tsc -b packages/project`).
import { writeFileSync } from 'node:fs';
import { projectJsonSchema } from '../dist/index.js';

const target = new URL('../schema/calckit.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(projectJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
