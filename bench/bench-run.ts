// How the benchmark scripts (bench-catalog.ts, bench-pages.ts) run: what they set up (servers,
// databases, temporary directories, a browser) is undone, last first, at the end, on failure and on
// Ctrl-C; the exit code says whether the run got through.

const cleanups: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | null = null;

/** Registers what to undo once the run ends. */
export function onCleanUp(undo: () => Promise<void> | void) {
  cleanups.push(undo);
}

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const undo of cleanups.reverse()) {
      try {
        await undo();
      } catch (error) {
        console.error("[bench] cleanup:", error);
      }
    }
  })();
  return cleaning;
}

/** Runs `main`, cleans up and exits: 0, 1 when `main` failed, 130 on SIGINT or SIGTERM. */
export async function runBenchmark(main: () => Promise<void>): Promise<never> {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  let exitCode = 0;
  try {
    await main();
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    await cleanUp();
  }
  process.exit(exitCode);
}
