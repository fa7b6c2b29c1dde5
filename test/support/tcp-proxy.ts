import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a server, to take the network away and give it back: offline
 * closes the listener and cuts every open connection (a client then gets ECONNREFUSED or a
 * reset, as with a pulled cable or a dead Wi-Fi), online listens again on the same port.
 */
export interface TcpProxy {
  url: string;
  offline(): Promise<void>;
  online(): Promise<void>;
  close(): Promise<void>;
}

/** `delayMs`: each answer from the server reaches the client that much later (a slow link: a kill lands mid-request). */
export async function startTcpProxy(targetPort: number, options: { delayMs?: number } = {}): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        sockets.add(client).add(upstream);
        client.pipe(upstream);
        if (options.delayMs) upstream.on('data', (chunk: Buffer) => setTimeout(() => client.writable && client.write(chunk), options.delayMs));
        else upstream.pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return { url: `http://127.0.0.1:${port}`, offline: stop, online: listen, close: stop };
}
