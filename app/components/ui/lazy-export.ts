import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * `React.lazy` for a named export: the component's code becomes a chunk of its own, fetched when it
 * first renders. Rendered by the server as usual; in the browser, the server's HTML inside the
 * nearest `<Suspense>` stays as it is and hydrates when the chunk arrives.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component's own type is kept in the result
export function lazyExport<Module extends Record<Name, ComponentType<any>>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
