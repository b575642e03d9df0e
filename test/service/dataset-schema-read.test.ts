// The client's read of a dataset's columns (community-documented operation) against the running emulator over
// loopback: the stored columns, a schema set with the seed's operation read back as set (renamed, dropped, hidden
// columns), 404 for an unknown dataset, retried like a read; and the lenient reading of an answer that leaves out
// id, visible and order (the shape of one public example), which the emulator never sends, from a loopback server.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@calckit/client';
import type { DatasetSchemaColumn } from '@calckit/protocol';
import { EXAMPLE_FIXTURES, failure, type Harness, startHarness } from './harness.js';

let h: Harness;
let client: Client;
beforeAll(async () => {
  h = await startHarness();
  client = h.client();
});
afterAll(async () => {
  await h.close();
});


const fixtureColumns = (datasetId: string): DatasetSchemaColumn[] =>
  (JSON.parse(readFileSync(EXAMPLE_FIXTURES, 'utf8')) as { datasets: { id: string; columns: DatasetSchemaColumn[] }[] }).datasets.find((d) => d.id === datasetId)!.columns;
const col = (name: string, id: string, type: string, order: number, visible = true): DatasetSchemaColumn => ({ name, id, type, visible, order });

describe('client.readDatasetSchema against the emulator', () => {
  it("answers the dataset's columns as stored, ids included", async () => {
    expect(await client.readDatasetSchema('sales-orders')).toEqual(fixtureColumns('sales-orders'));
  });

  it('reads back what the set-schema operation stored: a renamed, a dropped and a hidden column', async () => {
    const before = await client.readDatasetSchema('support-tickets');
    const columns = [
      col('Ticket', 'ticket_id', 'STRING', 0), // renamed from "Ticket ID", same id
      col('Status', 'status', 'STRING', 1),
      // "Priority" dropped
      col('Opened At', 'opened_at', 'DATETIME', 2, false), // hidden
      col('Closed At', 'closed_at', 'DATETIME', 3),
    ];
    await client.setDatasetSchema('support-tickets', columns);
    try {
      expect(await client.readDatasetSchema('support-tickets')).toEqual(columns);
    } finally {
      await client.setDatasetSchema('support-tickets', before);
    }
  });

  it('is a ServiceError with status 404 naming the operation for an unknown dataset', async () => {
    const error = await failure(client.readDatasetSchema('no-such-dataset'));
    expect(error).toMatchObject({ operation: 'readDatasetSchema', kind: 'http', status: 404 });
    expect(error.message).toContain('dataset no-such-dataset does not exist');
    expect(error.message).not.toContain(h.developerToken);
  });

  it('refuses an empty dataset id before sending anything', async () => {
    expect(await failure(client.readDatasetSchema(''))).toMatchObject({ operation: 'readDatasetSchema', kind: 'config' });
  });

  it('is retried like a read (503 twice, then the answer)', async () => {
    await h.inject({ operation: 'readDatasetSchema', status: 503, count: 2 });
    expect(await h.client({ retries: 2 }).readDatasetSchema('sales-orders')).toEqual(fixtureColumns('sales-orders'));
    await h.inject({ operation: 'readDatasetSchema', status: 502, count: 1 });
    expect((await failure(client.readDatasetSchema('sales-orders'))).status).toBe(502);
    await h.clearFaults();
  });
});

describe('client.readDatasetSchema reads leniently', () => {
  let server: Server;
  let url: string;
  let answer: unknown;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fills a missing id (the name), visible (true) and order (the index), keeps extra fields out and the type as given', async () => {
    answer = {
      name: 'schema',
      tables: [{ columns: [{ name: 'Amount', type: 'DOUBLE', order: 0, hint: 'x' }, { name: 'Kind', id: 'kind', type: 'STRING', visible: false, order: 0 }, { name: 'Odd', type: 'GEOPOINT' }] }],
      dataSourceId: 'abc',
      extra: { anything: true },
    };
    const c = createClient({ baseUrl: url, developerToken: 'some-dev-token', retries: 0 });
    expect(await c.readDatasetSchema('abc')).toEqual([
      col('Amount', 'Amount', 'DOUBLE', 0),
      col('Kind', 'kind', 'STRING', 0, false),
      col('Odd', 'Odd', 'GEOPOINT', 2),
    ]);
    expect(seen.at(-1)).toBe('GET /api/query/v1/datasources/abc/schema/indexed?includeHidden=true');
  });

  it('an answer of another shape is a response error naming the operation', async () => {
    answer = { columns: [{ name: 'A', type: 'STRING' }] };
    const c = createClient({ baseUrl: url, developerToken: 'some-dev-token', retries: 0 });
    expect(await failure(c.readDatasetSchema('abc'))).toMatchObject({ operation: 'readDatasetSchema', kind: 'response' });
  });
});
