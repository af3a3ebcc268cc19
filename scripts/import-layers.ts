// The folders of app/lib, and apart those of app/components, are meant to form a stack
// (docs/layout.md; eslint.config.js holds it). This prints each one's graph of imports between its
// subfolders, the cycles in it, each folder's layer, and the imports that go against the stack
// eslint.config.js declares (LIB_STACK, COMPONENT_STACK). Tests are left out: a test may reach
// anything it checks.
//   npx tsx scripts/import-layers.ts                 graphs of app/lib and app/components
//   npx tsx scripts/import-layers.ts --check         the same, exit 1 on a cycle or an import against the stack
//   npx tsx scripts/import-layers.ts --root <dir>    another checkout's app/ (an older commit), against today's stacks
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { COMPONENT_STACK, LIB_STACK } from "../eslint.config.js";

const rootArgument = process.argv.indexOf("--root");
const ROOT = rootArgument > 0 ? path.resolve(process.argv[rootArgument + 1]!) : path.resolve(import.meta.dirname, "..");
const APP = path.join(ROOT, "app");

/** Every source file under `dir`, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The absolute path an import specifier points at, or null for a package. */
function importedPath(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

/** The subfolder of `base` that holds `file` (its first path segment), or null when outside `base` or at its top. */
function folderOf(base: string, file: string): string | null {
  const relative = path.relative(base, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const segments = relative.split(path.sep);
  return segments.length > 1 ? segments[0]! : null;
}

type FolderGraph = { folders: string[]; edges: Map<string, Map<string, string[]>> };

/** Which subfolder of `base` imports which, with the files that do it (static, re-export and dynamic imports). */
export function folderGraph(base: string): FolderGraph {
  const folders = readdirSync(base).filter((name) => statSync(path.join(base, name)).isDirectory()).sort();
  const edges = new Map(folders.map((folder) => [folder, new Map<string, string[]>()]));
  for (const file of sourceFiles(base)) {
    const from = folderOf(base, file);
    if (!from) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const target = importedPath(file, fileName);
      const to = target && folderOf(base, target);
      if (!to || to === from) continue;
      const importers = edges.get(from)!;
      importers.set(to, [...(importers.get(to) ?? []), `${path.relative(ROOT, file)} -> ${fileName}`]);
    }
  }
  return { folders, edges };
}

/** The strongly connected components with more than one folder (Tarjan): each is a cycle or a knot of them. */
export function cycles({ folders, edges }: FolderGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, counter);
    low.set(folder, counter++);
    stack.push(folder);
    for (const next of edges.get(folder)!.keys()) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) === index.get(folder)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const folder of folders) if (!index.has(folder)) visit(folder);
  return found;
}

/**
 * Each folder's layer: the longest path from it down to a folder that imports none (0). Folders in
 * one cycle share the cycle's layer, and an import between two of them counts as one going back up.
 */
export function layers(graph: FolderGraph): { layer: Map<string, number>; upward: string[] } {
  const knotOf = new Map<string, string>();
  for (const component of cycles(graph)) for (const folder of component) knotOf.set(folder, component.join("+"));
  const node = (folder: string) => knotOf.get(folder) ?? folder;
  const layer = new Map<string, number>();
  // The knots collapsed, the graph has no cycle left, so the recursion ends.
  const depth = (start: string): number => {
    const key = node(start);
    if (layer.has(key)) return layer.get(key)!;
    const members = graph.folders.filter((folder) => node(folder) === key);
    let deepest = 0;
    for (const member of members)
      for (const next of graph.edges.get(member)!.keys()) if (node(next) !== key) deepest = Math.max(deepest, depth(next) + 1);
    layer.set(key, deepest);
    return deepest;
  };
  const result = new Map(graph.folders.map((folder) => [folder, depth(folder)]));
  const upward = graph.folders.flatMap((from) =>
    [...graph.edges.get(from)!].filter(([to]) => result.get(to)! >= result.get(from)!).flatMap(([, importers]) => importers),
  );
  return { layer: result, upward };
}

/** The imports from a folder to one after it in `stack`, or to or from a folder the stack does not name. */
export function againstStack({ folders, edges }: FolderGraph, stack: readonly string[]): string[] {
  return folders.flatMap((from) =>
    [...edges.get(from)!]
      .filter(([to]) => !stack.includes(from) || !stack.includes(to) || stack.indexOf(to) > stack.indexOf(from))
      .flatMap(([, importers]) => importers),
  );
}

function report(label: string, base: string, stack: readonly string[]): number {
  const graph = folderGraph(base);
  const knots = cycles(graph);
  const { layer, upward } = layers(graph);
  console.log(`\n== ${label}: ${graph.folders.length} folders`);
  for (const folder of [...graph.folders].sort((a, b) => layer.get(b)! - layer.get(a)! || a.localeCompare(b))) {
    const imported = [...graph.edges.get(folder)!.keys()].sort();
    console.log(`  ${String(layer.get(folder)).padStart(2)}  ${folder.padEnd(10)} -> ${imported.join(", ") || "(nothing)"}`);
  }
  console.log(`  layers: ${Math.max(...layer.values()) + 1}; cycles: ${knots.length}${knots.map((knot) => `\n    ${knot.join(" <-> ")}`).join("")}`);
  console.log(`  imports between folders of one cycle: ${upward.length}${upward.map((line) => `\n    ${line}`).join("")}`);
  const undeclared = graph.folders.filter((folder) => !stack.includes(folder));
  const against = againstStack(graph, stack);
  console.log(`  folders the declared stack does not name: ${undeclared.join(", ") || "none"}`);
  console.log(`  imports against the declared stack: ${against.length}${against.map((line) => `\n    ${line}`).join("")}`);
  return knots.length + against.length;
}

const problems = report("app/lib", path.join(APP, "lib"), LIB_STACK) + report("app/components", path.join(APP, "components"), COMPONENT_STACK);
if (process.argv.includes("--check") && problems > 0) process.exit(1);
