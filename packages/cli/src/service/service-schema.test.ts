// The service's columns checked into the project's column shape: unknown types and other problems named per column.
import { describe, expect, it } from 'vitest';
import { checkServiceColumns, schemaFileText, ServiceSchemaError } from './service-schema.js';

describe('checkServiceColumns', () => {
  it('sorts by order, keeping the service order among equal orders, and keeps only the five fields', () => {
    const columns = checkServiceColumns(
      [
        { name: 'B', id: 'b', type: 'LONG', visible: true, order: 1 },
        { name: 'A', id: 'a', type: 'STRING', visible: false, order: 0 },
        { name: 'C', id: 'c', type: 'DATE', visible: true, order: 1 },
      ],
      'sales',
    );
    expect(columns.map((c) => c.name)).toEqual(['A', 'B', 'C']);
    expect(schemaFileText(columns)).toBe(
      '[\n  {\n    "name": "A",\n    "id": "a",\n    "type": "STRING",\n    "visible": false,\n    "order": 0\n  },\n' +
        '  {\n    "name": "B",\n    "id": "b",\n    "type": "LONG",\n    "visible": true,\n    "order": 1\n  },\n' +
        '  {\n    "name": "C",\n    "id": "c",\n    "type": "DATE",\n    "visible": true,\n    "order": 1\n  }\n]\n',
    );
  });

  it('names the dataset, the column and the type calckit does not know, and every other problem', () => {
    let error: unknown;
    try {
      checkServiceColumns(
        [
          { name: 'Amount', id: 'amount', type: 'CURRENCY', visible: true, order: 0 },
          { name: 'Region', id: 'r', type: 'STRING', visible: true, order: 1 },
          { name: 'Region', id: 'r2', type: 'STRING', visible: true, order: 2 },
        ],
        'sales (ds-1)',
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ServiceSchemaError);
    expect((error as Error).message).toBe(
      `the service's schema of dataset sales (ds-1) cannot be used: column "Amount" has type "CURRENCY", which calckit does not know (it knows STRING, LONG, DECIMAL, DOUBLE, DATE, DATETIME); ` +
        'column "Region" (name): duplicate column name "Region"',
    );
  });
});
