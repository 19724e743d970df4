// The local stack starts every function as `deno run <this file> <the function's index.ts URL>`
// with its stdin a pipe from the stack. The entry calls Deno.serve as on hosted Supabase
// (DENO_SERVE_ADDRESS puts it on the port the stack chose). When the stack's end of the pipe
// closes, this process exits: that happens on close() and also when the stack is SIGKILLed,
// which no signal handler of the stack could catch.
const entry = Deno.args[0];
if (!entry) {
  console.error("usage: bootstrap.ts <file URL of the function's index.ts>");
  Deno.exit(2);
}

async function exitWhenStdinCloses(): Promise<never> {
  for await (const _chunk of Deno.stdin.readable) {
    // The stack never writes; anything it did would be ignored.
  }
  Deno.exit(0);
}

exitWhenStdinCloses();
await import(entry);
