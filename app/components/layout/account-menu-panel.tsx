import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { ShellUser } from "~/lib/account/personal-view";

const ITEM_CLASS = "block px-4 py-2.5 text-slate-800 hover:bg-slate-50";

/**
 * The signed-in account menu's list, while open (account-menu.tsx loads its code after the page). A
 * press outside it or Escape closes it; Escape gives the focus back to the menu's button.
 */
export function AccountMenuPanel({
  id,
  user,
  onClose,
  onShown,
}: {
  id: string;
  user: ShellUser;
  onClose: () => void;
  /** Called with the list's element once it is on the page, and with null when it leaves. */
  onShown: (element: HTMLDivElement | null) => void;
}) {
  const panel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const container = panel.current?.parentElement;
    const onPointerDown = (event: PointerEvent) => {
      if (!container?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onClose();
      container?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [onClose]);

  return (
    <div
      ref={(element) => {
        panel.current = element;
        onShown(element);
      }}
      id={id} className="absolute right-0 top-full z-50 mt-1 w-60 rounded-xl border border-slate-200 bg-white py-2 text-sm shadow-lg">
      <p className="truncate px-4 pb-2 text-xs text-slate-500">{user.email}</p>
      <ul>
        <li>
          <Link to="/conta" className={ITEM_CLASS}>
            Minha conta
          </Link>
        </li>
        <li>
          <Link to="/conta#pedidos" className={ITEM_CLASS}>
            Meus pedidos
          </Link>
        </li>
        {user.role === "admin" ? (
          <li>
            <Link to="/admin" className={ITEM_CLASS}>
              Painel
            </Link>
          </li>
        ) : null}
        <li className="mt-1 border-t border-slate-100 pt-1">
          <Form method="post" action="/sair">
            <button type="submit" className={`${ITEM_CLASS} w-full text-left`}>
              Sair
            </button>
          </Form>
        </li>
      </ul>
    </div>
  );
}
