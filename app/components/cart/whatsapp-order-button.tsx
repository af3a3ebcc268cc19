import { WhatsAppIcon } from "~/components/ui/icons";
import type { Cart } from "~/lib/cart";
import { cartMessage, whatsappLink } from "~/lib/whatsapp";

/**
 * The cart's quick 'Finalizar pelo WhatsApp'. Kept on its own so that recording the order on the
 * server before WhatsApp opens (DESIGN.md, Orders) changes only this component.
 */
export function WhatsAppOrderButton({ cart, whatsappNumber }: { cart: Cart; whatsappNumber: string }) {
  return (
    <a
      href={whatsappLink(whatsappNumber, cartMessage(cart))}
      target="_blank"
      rel="noopener noreferrer"
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-3 font-bold text-white hover:bg-whatsapp-darker"
    >
      <WhatsAppIcon className="h-5 w-5" />
      Finalizar pelo WhatsApp
    </a>
  );
}
