import { createSocket, type Socket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection';
import { startDnsServer, startDnsServerBeside } from '../../src/server/dns/server';
import { createTestDatabase } from './helpers/db';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const HOST = '127.0.0.1';

const bindUdp = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(port, HOST, () => resolve(socket));
  });
const listenTcp = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, HOST, () => resolve(server));
  });
const closeUdp = (socket: Socket) => new Promise<void>((resolve) => socket.close(() => resolve()));
const closeTcp = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A port the system hands out for UDP, whose TCP twin is free as well. */
async function freePort(): Promise<number> {
  for (;;) {
    const udp = await bindUdp(0);
    const port = udp.address().port;
    await closeUdp(udp);
    const tcp = await listenTcp(port).catch(() => null);
    if (tcp) {
      await closeTcp(tcp);
      return port;
    }
  }
}

/*
 * A port already taken is logged and the API serves on (docs/decisions.md, the DNS server). An
 * error thrown from a socket instead would reach Vitest as an uncaught exception and fail the run.
 */
describe('the DNS server on a port already taken', () => {
  it('logs one line and gives up the other socket when UDP is taken', async () => {
    const port = await freePort();
    const blocker = await bindUdp(port);
    const lines: string[] = [];
    try {
      expect(await startDnsServerBeside(database, { port, host: HOST }, (line) => lines.push(line))).toBeNull();
    } finally {
      await closeUdp(blocker);
    }
    expect(lines).toEqual([`[hostdeck] DNS server did not start on ${HOST}:${port} (the port is already taken); the API serves on without it.`]);
    // The TCP half it had bound is free again.
    await closeTcp(await listenTcp(port));
  });

  it('logs the same line from a DNS worker thread (DNS_WORKER=1), and the worker ends', async () => {
    const port = await freePort();
    const blocker = await bindUdp(port);
    const lines: string[] = [];
    try {
      expect(await startDnsServerBeside(database, { port, host: HOST, worker: true }, (line) => lines.push(line))).toBeNull();
    } finally {
      await closeUdp(blocker);
    }
    expect(lines).toEqual([`[hostdeck] DNS server did not start on ${HOST}:${port} (the port is already taken); the API serves on without it.`]);
    await closeTcp(await listenTcp(port));
  });

  it('logs one line when TCP is taken, and starts on the same port once it is free', async () => {
    const port = await freePort();
    const blocker = await listenTcp(port);
    const lines: string[] = [];
    expect(await startDnsServerBeside(database, { port, host: HOST }, (line) => lines.push(line))).toBeNull();
    expect(lines).toEqual([`[hostdeck] DNS server did not start on ${HOST}:${port} (the port is already taken); the API serves on without it.`]);
    await closeTcp(blocker);

    const dns = await startDnsServer(database, { port, host: HOST });
    try {
      expect(dns.port).toBe(port);
      const resolver = new Resolver({ timeout: 2000, tries: 1 });
      resolver.setServers([`${HOST}:${port}`]);
      await expect(resolver.resolve4('nothing.example.invalid')).rejects.toMatchObject({ code: 'EREFUSED' });
    } finally {
      await dns.close();
    }
  });
});
