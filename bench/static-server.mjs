// The machine's limit for the page benchmark: the product page's exact bytes, read once
// and answered by a bare node:http server with no framework, routing or hooks.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.FILE ?? '');
const headers = {
  'content-type': process.env.TYPE ?? 'text/html; charset=utf-8',
  'content-length': body.length,
};
const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
// Nothing to drain: a benchmark is over when it is told to stop.
process.on('SIGTERM', () => process.exit(0));
