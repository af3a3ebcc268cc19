import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

export type Tab = { id: string; label: string; content: React.ReactNode };

/**
 * WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move between tabs and show them. Every
 * panel is in the HTML, hidden when not selected, so search engines and no-JS readers see it all.
 * A link to `#{tab id}` (e.g. the rating beside the title, or the redirect after a review) opens
 * that tab and scrolls to it.
 */
export function ProductTabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const location = useLocation();
  const tabIds = tabs.map((tab) => tab.id).join(" ");

  useEffect(() => {
    const index = tabIds.split(" ").findIndex((id) => `#${id}` === location.hash);
    if (index < 0) return;
    setSelected(index);
    tabRefs.current[index]?.scrollIntoView({ block: "start" });
    // location.key: the same hash again (a second review sent) opens the tab again.
  }, [location.hash, location.key, tabIds]);

  function select(index: number) {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const active = index === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(index)}
              className={`-mb-px shrink-0 scroll-mt-44 border-b-2 px-3 py-3 text-sm font-semibold sm:px-4 sm:text-base ${
                active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={index !== selected}
          tabIndex={0}
          className="py-6"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
