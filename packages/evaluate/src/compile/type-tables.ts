// The formula package's type tables of a compiled formula's parses, computed once per parse and schema.
import { inferTypes, type DatasetColumn, type ParseResult, type TypeTable } from '@calckit/formula';

/**
 * The formula package's type tables of one compiled formula's parses (its own and its nested calculations'), each
 * computed once per schema: the compiler of every table shape and the reported result type ask for them again.
 */
export class TypeTables {
  private readonly byParse = new Map<ParseResult, Map<string, TypeTable>>();

  of(parse: ParseResult, schema: readonly DatasetColumn[]): TypeTable {
    let bySchema = this.byParse.get(parse);
    if (!bySchema) this.byParse.set(parse, (bySchema = new Map()));
    const key = schema.map((c) => `${c.name}\u0001${c.type}`).join('\u0002');
    let table = bySchema.get(key);
    if (!table) {
      table = inferTypes(parse.formula, schema);
      bySchema.set(key, table);
    }
    return table;
  }
}
