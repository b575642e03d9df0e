// Read of a dataset's columns (GET /api/query/v1/datasources/{datasetId}/schema/indexed?includeHidden=true).
// COMMUNITY-DOCUMENTED, unverified against the real service: the path, the query and the answer's shape come from
// community tools (see @calckit/protocol's dataset-schema-read.ts). What the emulator does, documented in its README:
// the answer holds the stored columns, in their stored order, every field of each (name, id, type, visible, order);
// `includeHidden=false` leaves out the columns with `visible: false`; `includeHidden` absent means true (our choice:
// every tool seen sends it); anything but true/false is refused.
import type { ReadDatasetSchemaResponse } from '@calckit/protocol';
import { notFound, validationError } from '../api-error.js';
import type { OperationHandler } from '../context.js';

function includeHiddenFlag(query: URLSearchParams): boolean {
  const raw = query.get('includeHidden');
  if (raw === null || raw === '') return true;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw validationError('query parameter includeHidden must be true or false', [{ field: 'query.includeHidden', message: `got ${JSON.stringify(raw.slice(0, 40))}` }]);
}

export const readDatasetSchema: OperationHandler = (ctx, req) => {
  const datasetId = req.params['datasetId']!;
  const includeHidden = includeHiddenFlag(req.query);
  const dataset = ctx.storage.getDataset(datasetId);
  if (!dataset) throw notFound(`dataset ${datasetId} does not exist`, 'path.datasetId');
  const columns = dataset.columns
    .filter((c) => includeHidden || c.visible)
    .map((c) => ({ name: c.name, id: c.id, type: c.type, visible: c.visible, order: c.order }));
  const response: ReadDatasetSchemaResponse = { name: 'schema', tables: [{ columns }], dataSourceId: dataset.id };
  return response;
};
