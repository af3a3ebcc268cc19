import type { CsvRowError } from "~/lib/catalog/product-import";

/** A file's problems by line, reported in line order with all of a line's problems in one message. */
export class LineProblems {
  private readonly byLine = new Map<number, string[]>();
  /** Problems so far: a check compares it before and after. */
  count = 0;
  add(line: number, problem: string) {
    this.count += 1;
    const list = this.byLine.get(line) ?? [];
    list.push(problem);
    this.byLine.set(line, list);
  }
  errors(): CsvRowError[] {
    return [...this.byLine.entries()].sort(([a], [b]) => a - b).map(([line, problems]) => ({ line, message: `${problems.join("; ")}.` }));
  }
}
