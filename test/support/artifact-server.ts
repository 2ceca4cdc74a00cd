/**
 * Release artifacts served from loopback, as a CDN serves them to the release command and the apps:
 * GET and HEAD with a Content-Length, 404 for anything not put there.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';

export interface ArtifactServer {
  /** Serves `bytes` at `path` (from now on) and answers its URL. */
  put(path: string, bytes: Buffer): string;
  /** A URL on the same server that serves nothing (404). */
  missing(path: string): string;
  stop(): Promise<void>;
}

export async function startArtifactServer(): Promise<ArtifactServer> {
  const files = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const bytes = files.get(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    if (!bytes || (req.method !== 'GET' && req.method !== 'HEAD')) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  });
  await once(server.listen(0, '127.0.0.1'), 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    put(path, bytes) {
      files.set(path, bytes);
      return `${origin}${path}`;
    },
    missing: (path) => `${origin}${path}`,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}

/** Mach-O headers (mach-o/loader.h, fat.h): a thin 64-bit binary per arch, and a universal one of both. */
const MACH_O = {
  x86_64: Buffer.from('cffaedfe07000001', 'hex'),
  aarch64: Buffer.from('cffaedfe0c000001', 'hex'),
  universal: Buffer.concat([Buffer.from('cafebabe00000002', 'hex'), Buffer.from('01000007', 'hex'), Buffer.alloc(16), Buffer.from('0100000c', 'hex'), Buffer.alloc(16)]),
};

/** A `.app.tar.gz` as `tauri build` writes it for a Mac: the app bundle with its executable for `arch`. */
export async function appArchive(arch: keyof typeof MACH_O, build = 'build'): Promise<Buffer> {
  const tar = pack();
  tar.entry({ name: 'Voxpen.app/', type: 'directory' });
  tar.entry({ name: 'Voxpen.app/Contents/Info.plist' }, `<plist><dict><key>CFBundleName</key><string>Voxpen ${build}</string></dict></plist>`);
  tar.entry({ name: 'Voxpen.app/Contents/MacOS/voxpen', mode: 0o755 }, Buffer.concat([MACH_O[arch], Buffer.alloc(64, build)]));
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}
