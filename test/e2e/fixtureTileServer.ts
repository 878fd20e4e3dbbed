import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the outside raster services the terrain and satellite layers use (they are not
 * reachable from CI): `/terrain/{z}/{x}/{y}.png` serves terrarium-encoded elevation (rolling hills of
 * 400–2,600 m, continuous across tiles) and `/satellite/{z}/{x}/{y}.png` an imagery-like patchwork of
 * fields, woods and roads. `/stats` answers how many tiles of each kind were asked for.
 */

const SIZE = 256;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG from a colour per pixel. */
function png(pixel: (px: number, py: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((SIZE * 3 + 1) * SIZE);
  for (let py = 0; py < SIZE; py++) {
    const row = py * (SIZE * 3 + 1);
    raw[row] = 0; // filter: none
    for (let px = 0; px < SIZE; px++) raw.set(pixel(px, py), row + 1 + px * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Elevation (m) at a world position u, v in [0, 1): hills a few kilometres apart. */
function elevation(u: number, v: number): number {
  const tau = 2 * Math.PI;
  return (
    1500 +
    700 * Math.sin(u * tau * 3000) * Math.cos(v * tau * 2200) +
    400 * Math.sin((u * 900 + v * 700) * tau)
  );
}

function terrainTile(z: number, x: number, y: number): Buffer {
  const scale = 2 ** z * SIZE;
  return png((px, py) => {
    const value = Math.round((elevation((x * SIZE + px) / scale, (y * SIZE + py) / scale) + 32768) * 256);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  });
}

const FIELDS: [number, number, number][] = [
  [116, 140, 78],
  [142, 160, 92],
  [171, 160, 110],
  [64, 96, 58],
  [190, 182, 140],
];

function satelliteTile(z: number, x: number, y: number): Buffer {
  const scale = 2 ** z * SIZE;
  return png((px, py) => {
    const u = ((x * SIZE + px) / scale) * 2 ** 16;
    const v = ((y * SIZE + py) / scale) * 2 ** 16;
    const road = Math.abs(u - Math.round(u)) < 0.02 || Math.abs(v - Math.round(v)) < 0.02;
    if (road) return [205, 200, 190];
    const cell = Math.imul(Math.floor(u) * 73856093, 1) ^ Math.imul(Math.floor(v), 19349663);
    return FIELDS[Math.abs(cell) % FIELDS.length];
  });
}

export interface FixtureTileServer {
  url: string;
  close(): Promise<void>;
}

export async function startFixtureTileServer(): Promise<FixtureTileServer> {
  const counts = { terrain: 0, satellite: 0 };
  const cache = new Map<string, Buffer>();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/stats') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counts));
      return;
    }
    const match = /^\/(terrain|satellite)\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(path);
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const [, kind, z, x, y] = match as unknown as [string, 'terrain' | 'satellite', string, string, string];
    counts[kind]++;
    let tile = cache.get(path);
    if (!tile) {
      tile = (kind === 'terrain' ? terrainTile : satelliteTile)(Number(z), Number(x), Number(y));
      cache.set(path, tile);
    }
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
