import { useEffect, useState } from "react";
import { CloseIcon, WhatsAppIcon } from "~/components/ui/icons";
import { greetingMessage, whatsappLink } from "~/lib/whatsapp";
import { useStorefront } from "./use-storefront";

/** Timings from the spec: the button 2 s after load, its bubble 1 s later, hidden 8 s after that. */
export const BUTTON_DELAY_MS = 2_000;
export const BUBBLE_DELAY_MS = 1_000;
export const BUBBLE_VISIBLE_MS = 8_000;

export function FloatingWhatsApp() {
  const { settings } = useStorefront();
  const [buttonVisible, setButtonVisible] = useState(false);
  const [bubbleVisible, setBubbleVisible] = useState(false);

  useEffect(() => {
    const timers = [
      setTimeout(() => setButtonVisible(true), BUTTON_DELAY_MS),
      setTimeout(() => setBubbleVisible(true), BUTTON_DELAY_MS + BUBBLE_DELAY_MS),
      setTimeout(() => setBubbleVisible(false), BUTTON_DELAY_MS + BUBBLE_DELAY_MS + BUBBLE_VISIBLE_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, []);

  if (!buttonVisible) return null;
  return (
    // A landmark of its own, since it sits outside the page's header, main and footer.
    <aside aria-label="Atendimento pelo WhatsApp" className="fixed bottom-4 right-4 z-30 flex items-end gap-2">
      {bubbleVisible ? (
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
        href={whatsappLink(settings.storeWhatsApp, greetingMessage(settings.storeName))}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="floating-whatsapp"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-whatsapp-dark text-white shadow-lg hover:bg-whatsapp-darker"
        aria-label="Conversar no WhatsApp"
      >
        <WhatsAppIcon className="h-8 w-8" />
      </a>
    </aside>
  );
}
