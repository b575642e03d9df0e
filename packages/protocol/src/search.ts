// Search of calculations: `POST /api/query/v1/functions/search` (developer token).
//
// COMMUNITY-DOCUMENTED, NOT VERIFIED against the real service: no official page documents this operation. What is
// taken from open-source tools that call the real service (see /work/shared/facts.md, "from community tools"):
//   - the path, the method and the developer token;
//   - the request body `{ name, filters: [{ field, idList? }], sort: { field, ascending }, limit, offset }`, with the
//     filter fields `dataset` and `owner` (with `idList`) and `notvariable` (without); community tools also list
//     `variable` among the filter fields;
//   - the answer `{ results: [...] }`, each result with `id`, `name`, `owner`, `links` (`resource.type` `DATA_SOURCE`
//     or `CARD`, `resource.id`, `visible`, `active`), `variable` and `legacyId`, and no `expression`; one tool reads
//     `totalHits` beside `results`, another `hasMore`.
// Our choices (so that a real answer that differs in the details still parses): only `id` and `name` of a result
// are required; every other field is optional; ids (of results and link resources) may come as numbers or digit
// strings; `totalHits` and `hasMore` are optional. Filters combine with AND; the ids of one `idList` with OR.
import { z } from 'zod';

/** Filter fields calckit knows (community-documented); `dataset` and `owner` take an `idList`, the others none. */
export const SEARCH_FILTER_FIELDS = ['dataset', 'owner', 'notvariable', 'variable'] as const;
export type SearchFilterField = (typeof SEARCH_FILTER_FIELDS)[number];
/** Filter fields that need an `idList`. */
export const SEARCH_FILTER_FIELDS_WITH_IDS: readonly SearchFilterField[] = ['dataset', 'owner'];

/** One filter: `{ field: "dataset", idList: ["<dataset id>"] }`, `{ field: "notvariable" }`. */
export const SearchFilterSchema = z.object({
  field: z.string(),
  idList: z.array(z.union([z.string(), z.number()])).optional(),
});
export type SearchFilter = z.infer<typeof SearchFilterSchema>;

export const SearchSortSchema = z.object({
  field: z.string(),
  ascending: z.boolean().optional(),
});

/**
 * Body of the search. `limit` and `offset` are required (community tools always send them); `name` (a substring of
 * the name; empty for all), `filters` and `sort` may be left out. The ranges the emulator accepts (e.g. `limit`
 * 1–5000) are its own rules, not the service's, and live in the emulator.
 */
export const SearchCalculationsRequestSchema = z.object({
  name: z.string().optional(),
  filters: z.array(SearchFilterSchema).optional(),
  sort: SearchSortSchema.optional(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SearchCalculationsRequest = z.infer<typeof SearchCalculationsRequestSchema>;

/** An id that may travel as a number or as a string of digits (the service uses both in neighbouring operations). */
const numericId = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d{1,15}$/, 'a numeric id').transform(Number),
]);
const resourceId = z.union([z.string(), z.number()]).transform(String);

/** A link of a search result: to a dataset (`DATA_SOURCE`) or a card (`CARD`). */
export const SearchResultLinkSchema = z.object({
  resource: z.object({ type: z.string(), id: resourceId }),
  visible: z.boolean().optional(),
  active: z.boolean().optional(),
  valid: z.string().optional(),
});
export type SearchResultLink = z.infer<typeof SearchResultLinkSchema>;

/** One result: a calculation without its formula (read it with `readCalculation` for the expression). */
export const CalculationSummarySchema = z.object({
  id: numericId,
  name: z.string(),
  owner: z.number().int().optional(),
  locked: z.boolean().optional(),
  global: z.boolean().optional(),
  archived: z.boolean().optional(),
  hidden: z.boolean().optional(),
  /** True for a variable (a calculation used as a parameter); variables are not formulas to import. */
  variable: z.boolean().optional(),
  legacyId: z.string().optional(),
  created: z.number().int().optional(),
  lastModified: z.number().int().optional(),
  status: z.string().optional(),
  dataType: z.string().optional(),
  links: z.array(SearchResultLinkSchema).optional(),
});
export type CalculationSummary = z.infer<typeof CalculationSummarySchema>;

/** Answer of the search: one page of results; `totalHits` (all matches) and `hasMore` when the service gives them. */
export const SearchCalculationsResponseSchema = z.object({
  results: z.array(CalculationSummarySchema),
  totalHits: z.number().int().nonnegative().optional(),
  hasMore: z.boolean().optional(),
});
export type SearchCalculationsResponse = z.infer<typeof SearchCalculationsResponseSchema>;
