// The MariaDB side of the differential tests: the run's server (started once by mariadb.global.ts; a test file run
// on its own starts its own), a connection to it, the generated rows loaded into table `t`, and queries whose values
// come back as the comparison wants them.
import type { Connection } from 'mariadb';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectMariadb, startMariadb } from '../../scripts/mariadb/server.mjs';
import { generateRows, loadRows, SCHEMA } from './rows.mjs';

/** The clock of both sides: the evaluator's `now` option, MariaDB's session `timestamp`. */
export const NOW = '2026-11-24 12:34:56';

/**
 * Every comparison's session (here and in test/evaluate/regression): UTC, the clock at NOW, MySQL 8's default
 * NO_ZERO_IN_DATE and NO_ZERO_DATE (a date with a zero part is NULL: the evaluator, as the service's Java side, has no
 * zero dates), GROUP_CONCAT (LISTAGG) unbounded.
 */
export const SESSION_SETTINGS = `SET time_zone = '+00:00', timestamp = UNIX_TIMESTAMP('${NOW}'), sql_mode = CONCAT(@@sql_mode, ',NO_ZERO_IN_DATE,NO_ZERO_DATE'), group_concat_max_len = 1073741824`;

export interface MariadbFixture {
  readonly conn: Connection;
  /** The same rows in a table whose text columns, and the connection, are utf8mb4_nopad_bin (the evaluator's `binary`). */
  readonly connBinary: Connection;
  readonly version: string | undefined;
  /** The rows loaded into table `t`, in `id` order (id = index + 1). */
  readonly rows: readonly Record<string, unknown>[];
  readonly schema: typeof SCHEMA;
}

/**
 * Gives a test file a MariaDB connection with `rows` (default: 400 generated rows) loaded into table `t`. If MariaDB
 * cannot be started, every test that uses it fails with the reason: a differential test never passes without its oracle.
 */
export function useMariadb(options: { rows?: number } = {}): () => MariadbFixture {
  let fixture: MariadbFixture | undefined;
  let failure: Error | undefined;
  let ownServer: { stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    try {
      const provided = inject('mariadb');
      let socket: string;
      let version: string | undefined;
      if (provided && 'error' in provided) throw new Error(provided.error);
      if (provided) ({ socket, version } = provided);
      else {
        const server = await startMariadb();
        ownServer = server;
        ({ socket, version } = server);
      }
      const rows = generateRows(options.rows ?? 400);
      // One database per test file (files run in parallel against the same server) and collation.
      const db = `calckit_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
      const open = async (collation: 'utf8mb4_general_ci' | 'utf8mb4_nopad_bin') => {
        const conn = await connectMariadb(socket, { collation: collation.toUpperCase() });
        await conn.query(SESSION_SETTINGS);
        const name = `${db}_${collation === 'utf8mb4_nopad_bin' ? 'bin' : 'ci'}`;
        await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE ${collation}`);
        await conn.query(`USE \`${name}\``);
        const files = (await conn.query('SELECT @@secure_file_priv AS f'))[0].f as string;
        await loadRows(conn, { table: 't', rows, files: files.replace(/\/$/, ''), collation });
        return conn;
      };
      const conn = await open('utf8mb4_general_ci');
      const connBinary = await open('utf8mb4_nopad_bin');
      fixture = { conn, connBinary, version, rows, schema: SCHEMA };
    } catch (error) {
      failure = new Error(
        `MariaDB, the oracle of the differential tests, is not available: ${error instanceof Error ? error.message : String(error)}\n` +
          'Install it with `bash scripts/mariadb/install.sh` (Debian mariadb-server 10.11); scripts/mariadb/server.mjs starts it.',
      );
    }
  }, 120_000);
  afterAll(async () => {
    await fixture?.conn.end().catch(() => {});
    await fixture?.connBinary.end().catch(() => {});
    await ownServer?.stop();
  });
  return () => {
    if (failure) throw failure;
    if (!fixture) throw new Error('useMariadb: the fixture is used before beforeAll ran');
    return fixture;
  };
}

/** A MariaDB column's metadata as the comparison needs it: its type name and, for DECIMAL, its scale. */
export interface ColumnMeta {
  readonly type: string;
  readonly scale: number;
}

/** Runs a SELECT; returns the rows as arrays and each column's type. */
export async function select(conn: Connection, sql: string): Promise<{ rows: unknown[][]; meta: ColumnMeta[] }> {
  const result = (await conn.query({ sql, rowsAsArray: true })) as unknown[][] & { meta: { type: string; scale: number; decimals?: number }[] };
  const meta = result.meta.map((m) => ({ type: String(m.type), scale: Number(m.scale ?? m.decimals ?? 0) }));
  return { rows: [...result], meta };
}
