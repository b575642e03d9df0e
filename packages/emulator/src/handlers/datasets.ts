// Set dataset schema (4.4): validates the column list and replaces the stored one.
import { checkWire, SetSchemaRequestSchema, type SetSchemaResponse } from '@calckit/protocol';
import { notFound, validationError } from '../api-error.js';
import type { OperationHandler } from '../context.js';
import { checkDatasetColumns } from '../validation/dataset-columns.js';

export const setDatasetSchema: OperationHandler = (ctx, req) => {
  const datasetId = req.params['datasetId']!;
  const checked = checkWire(SetSchemaRequestSchema, req.body);
  if (!checked.ok) throw validationError('request body must be { "columns": [{ name, id, type, visible, order }] }', checked.errors);
  const errors = checkDatasetColumns(checked.value.columns);
  if (errors.length > 0) throw validationError(`the column list has ${errors.length} problem${errors.length === 1 ? '' : 's'}; nothing was stored`, errors);
  // Only the documented fields are stored: extra fields the client sent are not part of the schema.
  const columns = checked.value.columns.map((c) => ({ name: c.name, id: c.id, type: c.type, visible: c.visible, order: c.order }));
  return ctx.storage.write((): SetSchemaResponse => {
    if (!ctx.storage.setDatasetColumns(datasetId, columns, ctx.clock())) throw notFound(`dataset ${datasetId} does not exist`, 'path.datasetId');
    return { datasetId, columns };
  });
};
