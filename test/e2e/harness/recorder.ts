// A recording reverse proxy: every request that reaches it is written down (method, path, whether a token header came
// along), then passed on to the emulator. A workspace pointed at it shows exactly what the extension sent, and when.
import { createServer, request, type Server } from 'node:http';

export interface RecordedRequest {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  /** Names of the token headers the request carried (values are not kept). */
  readonly tokenHeaders: readonly string[];
}

export interface Recorder {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecorder(target: string): Promise<Recorder> {
  const upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const tokenHeaders = Object.keys(req.headers).filter((h) => /token|authentication/i.test(h));
    requests.push({ at: Date.now(), method: req.method ?? '', path: req.url ?? '', tokenHeaders });
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
