// Serves the built workbench (dist/site/) with sirv on 127.0.0.1: port from --port or PORT (default 4173), the next
// free one when it is taken; prints the address; stops on Ctrl+C. `npm run playground` builds first.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const SITE = fileURLToPath(new URL('../dist/site', import.meta.url));
const HOST = '127.0.0.1';
const DEFAULT_PORT = 4173;
/** Ports tried after a taken one before giving up. */
const PORT_ATTEMPTS = 20;

function requestedPort(argv, env) {
  const i = argv.findIndex((a) => a === '--port' || a.startsWith('--port='));
  const text = i < 0 ? env.PORT : argv[i].includes('=') ? argv[i].slice('--port='.length) : argv[i + 1];
  if (text === undefined || text === '') return DEFAULT_PORT;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`the port must be a whole number from 0 to 65535, not "${text}"`);
  return port;
}

/** Listens on `port`, or the next free one; resolves with the server and the port it got. */
export async function serveSite({ port = DEFAULT_PORT, site = SITE } = {}) {
  if (!existsSync(join(site, 'index.html'))) throw new Error(`${site} has no index.html: build it first (node packages/workbench/scripts/build.mjs)`);
  // dev: files are looked up per request, so a rebuild while serving is served whole (sirv's cache would keep the old
  // sizes and cut the new files short).
  const handler = sirv(site, { dev: true, etag: true, single: false });
  for (let attempt = 0; ; attempt++) {
    const server = createServer((req, res) => handler(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    }));
    const tried = port === 0 ? 0 : port + attempt;
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(tried, HOST, resolve);
      });
      return { server, port: server.address().port, url: `http://${HOST}:${server.address().port}/` };
    } catch (error) {
      if (error?.code !== 'EADDRINUSE' || port === 0 || attempt + 1 >= PORT_ATTEMPTS) throw new Error(`could not listen on ${HOST}:${tried}: ${error?.message ?? error}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { server, url } = await serveSite({ port: requestedPort(process.argv.slice(2), process.env) });
    console.log(`calckit workbench: ${url}  (Ctrl+C stops)`);
    const stop = () => {
      server.close(() => process.exit(0));
      // Browsers keep connections open: without this, the close waits for their keep-alive to lapse (5 s).
      server.closeAllConnections();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`calckit workbench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
