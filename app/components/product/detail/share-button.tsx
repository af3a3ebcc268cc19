import { useState } from "react";
import { useTimedFlag } from "~/components/product/use-timed-flag";
import { ShareIcon } from "~/components/ui/icons";

export const COPIED_FEEDBACK_MS = 3_000;

/** The phone's share sheet when there is one; otherwise the link goes to the clipboard. */
export function ShareButton({ title, text, url }: { title: string; text: string; url: string }) {
  const [notice, showNotice] = useTimedFlag(COPIED_FEEDBACK_MS);
  const [message, setMessage] = useState("");

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setMessage("Link copiado!");
    } catch {
      // No clipboard (an old browser, or a page not served over HTTPS): show the link to copy by hand.
      setMessage(`Copie o link: ${url}`);
    }
    showNotice();
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The shopper closed the sheet: nothing to say. Any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await copyLink();
  }

  return (
    <div className="relative">
      <button
        type="button"
        onClick={share}
        aria-label="Compartilhar"
        title="Compartilhar"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:border-slate-500"
      >
        <ShareIcon className="h-5 w-5" />
      </button>
      <p
        role="status"
        className={`absolute right-0 top-full z-10 mt-2 w-max max-w-[16rem] break-all rounded-lg bg-slate-900 px-3 py-1.5 text-sm text-white shadow ${
          notice ? "" : "sr-only"
        }`}
      >
        {notice ? message : ""}
      </p>
    </div>
  );
}
