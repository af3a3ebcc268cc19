// `npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--top N]`
//
// Takes apart a V8 CPU profile of the server (`node --cpu-prof --cpu-prof-dir=DIR server.js` with
// WEB_CONCURRENCY=1, then load it and stop it with SIGTERM): the main thread's time by part of the
// stack (React DOM, React Router's data stream, matching and links, compression, the database,
// garbage collection, our code…), then by package and by function. Samples are wall time on the main
// thread: work on other threads (zlib's compression, in the thread pool) shows only as the main
// thread's waits for it, and a busy machine stretches everything. Compare profiles taken alike.
import fs from "node:fs";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const { values: args, positionals } = parseArgs({ options: { top: { type: "string", default: "15" } }, allowPositionals: true });
const file = positionals[0];
if (!file) {
  console.error("usage: tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--top N]");
  process.exit(2);
}
const top = Number(args.top);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

/** Time (µs) spent with each node on top of the stack. */
const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0)));

function packageOf({ url, functionName }: CallFrame): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node";
  const packages = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (packages) return packages[packages.length - 1]!.replace("node_modules/", "");
  if (url.includes("/build/server/")) return "our code (build/server)";
  return url;
}

function stackOf(id: number): CallFrame[] {
  const stack: CallFrame[] = [];
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) stack.push(nodes.get(current)!.callFrame);
  return stack;
}

const within = (stack: CallFrame[], test: (frame: CallFrame) => boolean) => stack.some(test);
const named = (...names: string[]) => (frame: CallFrame) => names.includes(frame.functionName);

/** The part of the work a sample belongs to, judged from its whole stack. */
function partOf(stack: CallFrame[]): string {
  const leaf = stack[0]!;
  const leafPackage = packageOf(leaf);
  if (leaf.functionName === "(garbage collector)") return "garbage collection";
  if (leaf.functionName === "(idle)") return "(idle)";
  if (within(stack, (frame) => frame.url === "node:zlib" || packageOf(frame) === "compression")) return "compression (zlib, main thread)";
  if (["writev", "writeBuffer", "writeUtf8String", "writeLatin1String"].includes(leaf.functionName) && within(stack, (frame) => frame.url === "node:net")) {
    return "socket writes";
  }
  if (within(stack, named("encode", "flatten", "stringify", "StreamTransfer")) && within(stack, (frame) => packageOf(frame) === "react-router")) {
    return "React Router: data stream (turbo-stream)";
  }
  if (leafPackage === "react-router" || leafPackage.startsWith("@react-router/")) {
    if (within(stack, named("LinkWithRef", "NavLinkWithRef", "useHref", "useResolvedPath"))) return "React Router: links";
    if (within(stack, named("Scripts", "Links", "Meta", "ScrollRestoration", "PrefetchPageLinks"))) return "React Router: scripts, links, meta";
    if (within(stack, named("matchRoutes", "matchRoutesImpl", "flattenRoutes", "createStaticHandler", "createStaticRouter", "derive"))) return "React Router: route matching";
    return "React Router: other";
  }
  if (leafPackage === "react-dom" || leafPackage === "react") return "React DOM server rendering";
  if (["drizzle-orm", "pg", "pg-protocol", "pg-pool", "pg-types", "postgres-array"].includes(leafPackage)) return "database (Drizzle, pg)";
  if (["better-auth", "better-call", "@better-auth/core", "jose", "@noble/hashes"].includes(leafPackage)) return "auth (session lookup)";
  if (leafPackage === "our code (build/server)") return "our code";
  if (leafPackage === "node" || leafPackage === "(native)" || leafPackage === "(program)") return "Node: HTTP, streams, buffers, other";
  return `other packages (${leafPackage})`;
}

function sumBy(key: (id: number) => string): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const [id, time] of selfTime) sums.set(key(id), (sums.get(key(id)) ?? 0) + time);
  return [...sums].sort((a, b) => b[1] - a[1]);
}

const parts = sumBy((id) => partOf(stackOf(id)));
const idle = parts.find(([name]) => name === "(idle)")?.[1] ?? 0;
const busy = parts.reduce((sum, [, time]) => sum + time, 0) - idle;
const line = ([name, time]: [string, number]) => `| ${name} | ${(time / 1000).toFixed(0)} | ${((100 * time) / busy).toFixed(1)} % |`;
const table = (title: string, rows: Array<[string, number]>) =>
  [`\n${title}\n`, "| | ms | share |", "| --- | ---: | ---: |", ...rows.filter(([name]) => name !== "(idle)").map(line)].join("\n");

console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy on the main thread, ${(idle / 1000).toFixed(0)} ms idle`);
console.log(table("By part", parts));
console.log(table("By package", sumBy((id) => packageOf(nodes.get(id)!.callFrame)).slice(0, top)));
console.log(
  table(
    "By function",
    sumBy((id) => {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      return `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*\/build\//, "build/")}:${lineNumber}`;
    }).slice(0, top),
  ),
);
