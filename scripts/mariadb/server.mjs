// A private MariaDB server for the differential tests (test/evaluate/) and the evaluate bench (bench/evaluate.mjs):
// Debian's mariadb-server (installed by scripts/mariadb/install.sh), its own datadir in a temporary directory, no
// network (a Unix socket only), no grant tables, no option files read. Started once, stopped (and its directory
// removed) after.
//
// From the shell: `node scripts/mariadb/server.mjs start [dir]` prints the socket and leaves the server running;
// `node scripts/mariadb/server.mjs stop [dir]` stops it and removes the directory (dir default:
// $TMPDIR/calckit-mariadb). From code: `const server = await startMariadb(); … await server.stop()`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const BINARIES = { server: ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'], installDb: ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db'] };
const INSTALL_HINT = 'install it with `bash scripts/mariadb/install.sh` (Debian: apt-get install mariadb-server)';

/** `CALCKIT_MARIADBD` and `CALCKIT_MARIADB_INSTALL_DB` name other binaries (a build of one's own; or a missing one,
 * to see the differential tests fail as they should without their oracle). */
const OVERRIDES = { server: process.env.CALCKIT_MARIADBD, installDb: process.env.CALCKIT_MARIADB_INSTALL_DB };

function findBinary(kind) {
  const candidates = OVERRIDES[kind] ? [OVERRIDES[kind]] : BINARIES[kind];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`MariaDB is not installed (${candidates.join(' or ')} missing): ${INSTALL_HINT}`);
  return found;
}

/** The server's version as it prints it (`10.11.…-MariaDB…`), or undefined when it is not installed. */
export function mariadbVersion() {
  const bin = BINARIES.server.find((p) => existsSync(p));
  if (!bin) return undefined;
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /Ver\s+(\S+)/.exec(out)?.[1];
}

const tail = (file, n = 15) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-n).join('\n') : '(no log)');

/**
 * Starts a server in `dir` (a new temporary directory by default) and resolves once it accepts connections.
 * Rejects with the tail of the server's error log when it cannot start. `options.bufferPoolMb` sizes InnoDB's
 * buffer pool (the bench keeps its million rows in memory).
 */
export async function startMariadb(options = {}) {
  const server = findBinary('server');
  const installDb = findBinary('installDb');
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'calckit-mariadb-'));
  const data = join(dir, 'data');
  const socket = join(dir, 'mariadb.sock');
  const errorLog = join(dir, 'error.log');
  const files = join(dir, 'files'); // LOAD DATA INFILE reads from here only
  mkdirSync(files, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ['--user=root'] : [];

  if (!existsSync(join(data, 'mysql'))) {
    const install = spawnSync(installDb, ['--no-defaults', `--datadir=${data}`, ...user, '--auth-root-authentication-method=normal', '--skip-test-db'], { encoding: 'utf8' });
    if (install.status !== 0) throw new Error(`mariadb-install-db failed (exit ${install.status}):\n${install.stdout}\n${install.stderr}`);
  }
  const args = [
    '--no-defaults',
    `--datadir=${data}`,
    `--socket=${socket}`,
    `--pid-file=${join(dir, 'mariadb.pid')}`,
    `--log-error=${errorLog}`,
    `--secure-file-priv=${files}`,
    '--skip-networking',
    '--skip-grant-tables',
    '--skip-log-bin',
    // MySQL's and the service's defaults (MariaDB's own server default is latin1).
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_general_ci',
    '--default-time-zone=+00:00',
    `--innodb-buffer-pool-size=${options.bufferPoolMb ?? 256}M`,
    '--innodb-flush-log-at-trx-commit=0',
    '--innodb-doublewrite=0',
    '--performance-schema=OFF',
    ...user,
  ];
  const child = spawn(server, args, { stdio: 'ignore', detached: false });
  let exited;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const { default: mariadb } = await import('mariadb');
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let lastError;
  for (;;) {
    if (exited) throw new Error(`mariadbd exited at start (${exited.code ?? exited.signal}); ${errorLog}:\n${tail(errorLog)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`mariadbd did not accept connections on ${socket} within ${options.timeoutMs ?? 60_000} ms (${lastError?.message}); ${errorLog}:\n${tail(errorLog)}`);
    }
    if (existsSync(socket)) {
      try {
        const conn = await mariadb.createConnection({ socketPath: socket, user: 'root', connectTimeout: 2000 });
        await conn.query('CREATE DATABASE IF NOT EXISTS calckit CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci');
        await conn.end();
        break;
      } catch (error) {
        lastError = error;
      }
    }
    await sleep(100);
  }
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const until = Date.now() + 30_000;
      while (!exited && Date.now() < until) await sleep(50);
      if (!exited) child.kill('SIGKILL');
    }
    if (!options.dir || options.removeDir) rmSync(dir, { recursive: true, force: true });
  };
  return { dir, socket, files, pid: child.pid, version: mariadbVersion(), stop, process: child };
}

/** A connection to the `calckit` database over the server's socket, with values as the tests compare them (numbers, DECIMAL and dates as text), collation utf8mb4_general_ci. */
export async function connectMariadb(socket, extra = {}) {
  const { default: mariadb } = await import('mariadb');
  const conn = await mariadb.createConnection({
    socketPath: socket,
    user: 'root',
    database: 'calckit',
    collation: 'UTF8MB4_GENERAL_CI',
    dateStrings: true,
    decimalAsNumber: false,
    bigIntAsNumber: true,
    insertIdAsNumber: true,
    timezone: '+00:00',
    ...extra,
  });
  // A server stopped under an open connection is the caller's business, not an uncaught error.
  conn.on('error', () => {});
  return conn;
}

// Command line: start in the background (detached) or stop by the pid file.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, dirArg] = process.argv.slice(2);
  const dir = dirArg ?? join(tmpdir(), 'calckit-mariadb');
  if (command === 'start') {
    mkdirSync(dir, { recursive: true });
    const server = await startMariadb({ dir });
    server.process.unref();
    console.log(server.socket);
    process.exit(0);
  } else if (command === 'stop') {
    const pidFile = join(dir, 'mariadb.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      try {
        process.kill(pid, 'SIGTERM');
        for (let i = 0; i < 600; i++) {
          process.kill(pid, 0);
          await sleep(50);
        }
      } catch {
        // gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  } else {
    console.error('usage: node scripts/mariadb/server.mjs start|stop [dir]');
    process.exit(2);
  }
}
