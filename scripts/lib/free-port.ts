// A TCP port nobody listens on right now, for servers started by tests and scripts.
// Run directly (`tsx scripts/lib/free-port.ts`), it prints one.
import net from "node:net";
import { pathToFileURL } from "node:url";

/** Asks the system for a free port on `host` (closed again before this resolves). */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void freePort().then((port) => console.log(port));
}
