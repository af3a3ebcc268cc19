import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CloseIcon, WhatsAppIcon } from "~/components/ui/icons";
import { greetingMessage, whatsappLink } from "~/lib/whatsapp";
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

export function FloatingWhatsApp() {
  const { settings } = useStorefront();
  const { pathname } = useLocation();
  const [buttonVisible, setButtonVisible] = useState(false);
  const [bubbleVisible, setBubbleVisible] = useState(false);
  const [roomForBubble, setRoomForBubble] = useState(false);

  useEffect(() => {
    setRoomForBubble(window.matchMedia(ROOM_FOR_BUBBLE).matches);
    const timers = [
      setTimeout(() => setButtonVisible(true), BUTTON_DELAY_MS),
      setTimeout(() => setBubbleVisible(true), BUTTON_DELAY_MS + BUBBLE_DELAY_MS),
      setTimeout(() => setBubbleVisible(false), BUTTON_DELAY_MS + BUBBLE_DELAY_MS + BUBBLE_VISIBLE_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, []);

  if (!buttonVisible || PAGES_WITHOUT_BUTTON.test(pathname)) return null;
  return (
    // A landmark of its own, since it sits outside the page's header, main and footer.
    <aside aria-label="Atendimento pelo WhatsApp" className="fixed bottom-4 right-4 z-30 flex items-end gap-2">
      {bubbleVisible && roomForBubble ? (
        <div role="status" className="relative mb-2 max-w-56 rounded-2xl bg-white px-4 py-3 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200">
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
        href={whatsappLink(settings.storeWhatsApp, greetingMessage(settings))}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="floating-whatsapp"
        className="relative flex h-14 w-14 items-center justify-center rounded-full bg-whatsapp-dark text-white shadow-lg hover:bg-whatsapp-darker"
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
