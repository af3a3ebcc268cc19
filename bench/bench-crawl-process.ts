// The crawler of bench-crawl.ts in a process of its own (crawlApart): given its links by message,
// it answers with its figures.
import { crawl } from "./bench-crawl";

process.once("message", (message) => {
  const { origin, links, options } = message as { origin: string; links: string[]; options: Parameters<typeof crawl>[2] };
  void crawl(origin, links, options).then((figures) => process.send!(figures));
});
