// The benchmark's ceiling: a bare Node server that sends precomputed gzipped tile blobs by path,
// in its own process so that it competes with the load generator exactly as the real server does.
//   node scripts/benchBlobServer.mjs BLOBS.json   (a JSON object: request path → base64 gzip body)
// Prints the port it listens on (127.0.0.1) as its first line.
import fs from 'node:fs';
import http from 'node:http';

const blobs = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))).map(([path, body]) => [
    path,
    Buffer.from(body, 'base64'),
  ]),
);
const server = http.createServer((request, response) => {
  const blob = blobs.get(request.url ?? '');
  if (!blob) return response.writeHead(204).end();
  response.writeHead(200, {
    'content-type': 'application/vnd.mapbox-vector-tile',
    'content-encoding': 'gzip',
  });
  response.end(blob);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
