import { request as httpRequest } from 'node:http';

/** An answer as it arrived on the socket: status, headers and the body's exact bytes. */
export type RawAnswer = {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
};

/**
 * A request over a real socket on loopback, for tests of what goes on the wire (encoded
 * bytes, lengths, headers), which `app.inject` does not exercise: it skips the server's
 * request listener, where cached pages are answered.
 */
export function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([name, value]) => [name, String(value)]),
          ),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
