import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * The simulated followers' media (chat-sim.ts): Zalo serves what users send from its CDN; the sandbox
 * serves stand-ins under `/media/…` so images, thumbnails, stickers and files open in the console —
 * a small PNG coloured after its path, a one-page PDF, an AMR header for voice messages.
 */

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A `size`×`size` RGB PNG: a tinted background with a lighter square in the middle, tinted after `seed`. */
export function placeholderPng(seed: string, size = 160): Buffer {
  const h = createHash('sha1').update(seed).digest();
  const base = [h[0] ?? 0, h[1] ?? 0, h[2] ?? 0].map((v) => 90 + (v % 120));
  const light = base.map((v) => Math.min(255, v + 70));
  const row = size * 3 + 1;
  const raw = Buffer.alloc(row * size);
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < size; x++) {
      const inner = x > size / 4 && x < (3 * size) / 4 && y > size / 4 && y < (3 * size) / 4;
      const c = inner ? light : base;
      raw.set(c, y * row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A valid one-page PDF saying which file it stands for. */
function placeholderPdf(name: string): Buffer {
  const text = name.replace(/[()\\]/g, '').slice(0, 80);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 14 Tf 20 60 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 14 Tf 20 60 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export function registerChatMediaRoutes(app: FastifyInstance): void {
  app.get('/media/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    const [kind] = path.split('/');
    reply.header('cache-control', 'public, max-age=604800');
    if (kind === 'voice') return reply.type('audio/amr').send(Buffer.concat([Buffer.from('#!AMR\n', 'latin1'), Buffer.alloc(32 * 10, 0x3c)]));
    if (kind === 'video') return reply.code(404).send({ error: 404, message: 'video stand-ins are not served' });
    if (kind === 'file') {
      const name = decodeURIComponent(path.split('/').pop() ?? 'file');
      if (/\.pdf$/i.test(name)) return reply.type('application/pdf').send(placeholderPdf(name));
      return reply.type('text/plain; charset=utf-8').send(`Sandbox stand-in for ${name}\n`);
    }
    return reply.type('image/png').send(placeholderPng(path));
  });
}
