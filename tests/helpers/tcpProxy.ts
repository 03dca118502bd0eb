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
  /** ends every connection and stops listening: connections are refused, as with the dependency stopped */
  close(): Promise<void>;
  /** listens again on the same port after close(): the dependency back */
  reopen(): Promise<void>;
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
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
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
    reopen: () => listen(port),
  };
}
