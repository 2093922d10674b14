import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Test helper: a webhook receiver on loopback that records every request it gets and
// answers as the test says (a status, or never, to stand for a receiver still working
// when the sender stops).

export type Received = {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** What the receiver answered, or null while it has not (or never will). */
  answered: number | null;
  /** Order of arrival, and when each was answered, for ordering checks. */
  arrivedAt: number;
  answeredAt: number | null;
};

export type Answer = number | 'hang';

export async function startReceiver() {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  let answer: (request: Received) => Answer = () => 200;
  let clock = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: Received = {
        id: String(req.headers['webhook-id'] ?? ''),
        timestamp: String(req.headers['webhook-timestamp'] ?? ''),
        signature: String(req.headers['webhook-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
        answered: null,
        arrivedAt: ++clock,
        answeredAt: null,
      };
      received.push(entry);
      const status = answer(entry);
      if (status === 'hang') {
        hanging.push(res);
        return;
      }
      entry.answered = status;
      entry.answeredAt = ++clock;
      res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answerWith(next: (request: Received) => Answer) {
      answer = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
