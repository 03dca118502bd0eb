import net from 'node:net';

/**
 * A loopback TCP proxy in front of a test dependency (s3rver, PostgreSQL) that can freeze: while frozen it
 * takes connections and bytes but passes nothing on either way, as a hung server or a network blackhole looks.
 */
export interface TcpProxy {
  port: number;
  freeze(): void;
  /** passes on what was held, and everything after */
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => (frozen ? held.push(() => to.write(chunk)) : to.write(chunk)));
    from.on('end', () => (frozen ? held.push(() => to.end()) : to.end()));
    from.on('error', () => to.destroy());
    from.on('close', () => sockets.delete(from));
    sockets.add(from);
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const release of held.splice(0)) release();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
