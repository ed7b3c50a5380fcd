/**
 * The DNS server in a worker thread (DNS_WORKER=1, src/server/dns/server.ts): it holds the zones
 * the API's thread posts to it and answers on its own event loop, so a busy API never delays a
 * question. It binds once the first update (every ACTIVE zone) is in.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serveZones, type ServedSockets } from './sockets';
import { ZoneStore, type ZoneUpdate } from './zone-store';

export type ToWorker = { type: 'update'; seq: number; update: ZoneUpdate } | { type: 'close' };
export type FromWorker = { type: 'applied'; seq: number } | { type: 'listening'; host: string; port: number } | { type: 'failed'; code?: string; message: string };

if (parentPort) {
  const channel = parentPort;
  const options = workerData as { port: number; host: string };
  const store = new ZoneStore();
  const send = (message: FromWorker) => channel.postMessage(message);
  let sockets: Promise<ServedSockets | undefined> | undefined;

  const end = async () => {
    await (await sockets)?.close();
    // Nothing else holds the thread open: it ends.
    channel.close();
  };

  channel.on('message', (message: ToWorker) => {
    if (message.type === 'close') {
      void end();
      return;
    }
    store.apply(message.update);
    send({ type: 'applied', seq: message.seq });
    sockets ??= serveZones(store, options).then(
      (served) => {
        send({ type: 'listening', host: served.host, port: served.port });
        return served;
      },
      (error: unknown) => {
        send({ type: 'failed', code: (error as { code?: string }).code, message: error instanceof Error ? error.message : String(error) });
        channel.close();
        return undefined;
      },
    );
  });
}
