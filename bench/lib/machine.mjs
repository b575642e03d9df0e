// The machine and tool versions a benchmark ran with, for the report's header.
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

function npmVersion(name) {
  try {
    // Read from disk: some packages' `exports` do not expose package.json.
    return JSON.parse(readFileSync(`${NODE_MODULES}${name}/package.json`, 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Versions of the peers (npm packages from the root's devDependencies, sqlfluff from Debian). */
export function peerVersions() {
  let sqlfluff;
  try {
    sqlfluff = execFileSync('sqlfluff', ['--version'], { encoding: 'utf8' }).trim().replace(/^sqlfluff, version /, '');
  } catch {
    sqlfluff = undefined;
  }
  return {
    'node-sql-parser': npmVersion('node-sql-parser'),
    'sql-parser-cst': npmVersion('sql-parser-cst'),
    '@joe-re/sql-parser': npmVersion('@joe-re/sql-parser'),
    'sql-language-server': npmVersion('sql-language-server'),
    sqlint: npmVersion('sqlint'),
    sqlfluff,
    chevrotain: npmVersion('chevrotain'),
  };
}
