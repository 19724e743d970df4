// A TCP port nobody listens on right now, for servers started by tests and scripts, and whether
// a given one is free (npm run dev checks its ports before it starts anything).
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

/** Whether `port` on `host` can be bound right now (it is bound and closed again). */
export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free port after `port` (up to 100 further), skipping `except`; null if none. */
export async function nextFreePort(
  port: number,
  host = "127.0.0.1",
  except: number[] = [],
): Promise<number | null> {
  for (let candidate = port + 1; candidate <= Math.min(port + 100, 65535); candidate++) {
    if (!except.includes(candidate) && (await portIsFree(candidate, host))) return candidate;
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void freePort().then((port) => console.log(port));
}
