// The fixtures file format (JSON): what an empty emulator database is seeded with. Documented in the package README.
import { z } from 'zod';

/** Value types of code-function inputs and outputs. ANY accepts every JSON value. */
export const VALUE_TYPES = ['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'OBJECT', 'ANY'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

const id = z.number().int().positive();
const textId = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'letters, digits, dot, underscore or hyphen (1-128)');

export const TypeSpecSchema = z.strictObject({
  type: z.enum(VALUE_TYPES),
  isList: z.boolean().default(false),
  allowNull: z.boolean().default(false),
});
export type TypeSpec = z.infer<typeof TypeSpecSchema>;

export const CodeFunctionInputSchema = TypeSpecSchema.extend({
  name: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/, 'a JavaScript identifier'),
});
export type CodeFunctionInput = z.infer<typeof CodeFunctionInputSchema>;

export const CodeFunctionDefinitionSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/, 'a JavaScript identifier'),
  inputs: z.array(CodeFunctionInputSchema).default([]),
  output: TypeSpecSchema,
  /** Body of an async JavaScript function whose parameters are the inputs, in order: `return a + b;`. */
  body: z.string(),
  /** Time limit of one call, in milliseconds (default: the emulator's, 2000). */
  timeoutMs: z.number().int().min(1).max(60_000).optional(),
});
export type CodeFunctionDefinition = z.infer<typeof CodeFunctionDefinitionSchema>;

const ColumnSchema = z.strictObject({
  name: z.string(),
  id: z.string(),
  type: z.string(),
  visible: z.boolean().default(true),
  order: z.number().int(),
});

export const FixturesSchema = z.strictObject({
  /** Free text, ignored: a place to say what the fixtures are for. */
  description: z.string().optional(),
  datasets: z
    .array(z.strictObject({ id: textId, name: z.string().min(1), columns: z.array(ColumnSchema).default([]) }))
    .default([]),
  calculations: z
    .array(
      z.strictObject({
        id,
        name: z.string().min(1),
        owner: z.number().int(),
        expression: z.string(),
        locked: z.boolean(),
        /** The dataset the calculation is linked to (must be listed in `datasets`), or null for none. */
        datasetId: textId.nullable(),
        global: z.boolean().default(false),
        archived: z.boolean().default(false),
        hidden: z.boolean().default(false),
        variable: z.boolean().default(false),
        /** `calculation_<uuid>`; generated when absent. */
        legacyId: z.string().regex(/^calculation_[0-9a-f-]{36}$/).optional(),
        /** Epoch milliseconds; the load time when absent. */
        created: z.number().int().nonnegative().optional(),
      }),
    )
    .default([]),
  pages: z
    .array(
      z.strictObject({
        id,
        title: z.string().min(1),
        cardCount: z.number().int().nonnegative().default(0),
        views: z
          .array(
            z.strictObject({
              id,
              name: z.string().min(1),
              type: z.string().default('page'),
              embedViewId: z.number().int().nonnegative().default(0),
              cardId: z.number().int().nonnegative().default(0),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
  codePackages: z
    .array(
      z.strictObject({
        id: textId,
        version: z.string().regex(/^[A-Za-z0-9._+-]{1,64}$/, 'a version string (letters, digits, . _ + -)'),
        name: z.string().optional(),
        functions: z.array(CodeFunctionDefinitionSchema),
      }),
    )
    .default([]),
});
export type Fixtures = z.infer<typeof FixturesSchema>;
/** Fixtures as written (optional fields may be left out). */
export type FixturesInput = z.input<typeof FixturesSchema>;
