import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon, WhatsAppIcon } from "~/components/ui/icons";
import { greetingMessage, whatsappLink } from "~/lib/orders/whatsapp";
import { PRIMARY_ACTION_SELECTOR } from "./primary-action";
import { useStorefront } from "./use-storefront";

/** Timings from the spec: the button 2 s after load, its bubble 1 s later, hidden 8 s after that. */
export const BUTTON_DELAY_MS = 2_000;
export const BUBBLE_DELAY_MS = 1_000;
export const BUBBLE_VISIBLE_MS = 8_000;

/**
 * Pages where the button would cover what the shopper is acting on (the cart's totals and stock
 * messages, the checkout form, the order's subtotal and its own WhatsApp button): it is not shown.
 */
const PAGES_WITHOUT_BUTTON = /^\/(carrinho|checkout|pedido)(\/|$)/;
/** Below this width the bubble would cover the page's content (a product's price): a badge instead. */
const ROOM_FOR_BUBBLE = "(min-width: 640px)";
/** Space kept between the floating parts and a primary action, in px. */
const CLEARANCE = 8;

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left - CLEARANCE < b.right && b.left < a.right + CLEARANCE && a.top - CLEARANCE < b.bottom && b.top < a.bottom + CLEARANCE;
}

/**
 * Which floating parts would lie over a primary action ("Adicionar ao Carrinho"…) where the page is
 * scrolled now: those step aside (hidden, still laid out so they can be measured) until the page
 * moves. Checked on scroll, resize and any change of the page's size (the browser sends each at most
 * once a frame): a few boxes measured, a state set only when the answer changes.
 */
function useOverPrimaryAction(active: boolean, layout: string) {
  const buttonRef = useRef<HTMLAnchorElement>(null);
  const bubbleRef = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState({ button: false, bubble: false });
  useEffect(() => {
    if (!active) return;
    const check = () => {
      const actions = [...document.querySelectorAll(PRIMARY_ACTION_SELECTOR)]
        .map((element) => element.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && rect.height > 0);
      const lies = (part: HTMLElement | null) => {
        if (!part) return false;
        const rect = part.getBoundingClientRect();
        return actions.some((action) => overlaps(action, rect));
      };
      const next = { button: lies(buttonRef.current), bubble: lies(bubbleRef.current) };
      setOver((previous) => (previous.button === next.button && previous.bubble === next.bubble ? previous : next));
    };
    check();
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    const resizes = new ResizeObserver(check);
    resizes.observe(document.body);
    return () => {
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
      resizes.disconnect();
    };
    // `layout` names what moves the parts without a scroll or resize (another page, the greeting shown).
  }, [active, layout]);
  return { over, buttonRef, bubbleRef };
}

export function FloatingWhatsApp() {
  const { settings } = useStorefront();
  const { pathname } = useLocation();
  const [buttonVisible, setButtonVisible] = useState(false);
  const [bubbleVisible, setBubbleVisible] = useState(false);
  const [roomForBubble, setRoomForBubble] = useState(false);
  const shown = buttonVisible && !PAGES_WITHOUT_BUTTON.test(pathname);
  const withBubble = bubbleVisible && roomForBubble;
  const { over, buttonRef, bubbleRef } = useOverPrimaryAction(shown, `${pathname} ${withBubble}`);
  // The greeting without its button would be a message with nothing to press: both step aside.
  const buttonAside = over.button;
  const bubbleAside = over.bubble || over.button;

  useEffect(() => {
    setRoomForBubble(window.matchMedia(ROOM_FOR_BUBBLE).matches);
    const timers = [
      setTimeout(() => setButtonVisible(true), BUTTON_DELAY_MS),
      setTimeout(() => setBubbleVisible(true), BUTTON_DELAY_MS + BUBBLE_DELAY_MS),
      setTimeout(() => setBubbleVisible(false), BUTTON_DELAY_MS + BUBBLE_DELAY_MS + BUBBLE_VISIBLE_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, []);

  if (!shown) return null;
  return (
    // A landmark of its own, since it sits outside the page's header, main and footer.
    <aside aria-label="Atendimento pelo WhatsApp" className="pointer-events-none fixed bottom-4 right-4 z-30 flex items-end gap-2">
      {withBubble ? (
        <div
          ref={bubbleRef}
          role="status"
          data-testid="floating-whatsapp-greeting"
          className={`relative mb-2 max-w-56 rounded-2xl bg-white px-4 py-3 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200 ${
            bubbleAside ? "invisible" : "pointer-events-auto"
          }`}
        >
          Olá! Precisa de ajuda? Fale com a gente pelo WhatsApp.
          <button
            type="button"
            onClick={() => setBubbleVisible(false)}
            className="absolute -right-2 -top-2 rounded-full bg-slate-700 p-1 text-white"
            aria-label="Fechar mensagem"
          >
            <CloseIcon className="h-3 w-3" />
          </button>
        </div>
      ) : null}
      <a
        ref={buttonRef}
        href={whatsappLink(settings.storeWhatsApp, greetingMessage(settings))}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="floating-whatsapp"
        className={`relative flex h-14 w-14 items-center justify-center rounded-full bg-whatsapp-dark text-white shadow-lg hover:bg-whatsapp-darker ${
          buttonAside ? "invisible" : "pointer-events-auto"
        }`}
        aria-label="Conversar no WhatsApp"
      >
        <WhatsAppIcon className="h-8 w-8" />
        {bubbleVisible && !roomForBubble ? (
          // On a phone the greeting is a dot on the button: it never covers a price.
          <span data-testid="floating-whatsapp-badge" aria-hidden="true" className="absolute right-0 top-0 h-3.5 w-3.5 rounded-full bg-red-600 ring-2 ring-white" />
        ) : null}
      </a>
    </aside>
  );
}
