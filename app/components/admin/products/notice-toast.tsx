import { useEffect, useRef } from "react";
import { CloseIcon } from "~/components/ui/icons";

const HIDE_AFTER_MS = 8_000;

/**
 * A confirmation or an error floating over the page (not `window.alert`): announced by screen
 * readers, closed by its button or after a few seconds (errors stay until closed).
 */
export function NoticeToast({ tone, message, onClose }: { tone: "success" | "error"; message: string; onClose: () => void }) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (tone === "error") return;
    const timer = window.setTimeout(() => onCloseRef.current(), HIDE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [tone, message]);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        role={tone === "error" ? "alert" : "status"}
        className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-xl px-4 py-3 text-sm font-semibold shadow-lg ${
          tone === "error" ? "bg-red-700 text-white" : "bg-green-700 text-white"
        }`}
      >
        <p className="pt-0.5">{message}</p>
        <button type="button" onClick={onClose} aria-label="Fechar aviso" className="-mr-1 rounded p-0.5 hover:bg-white/20">
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
    </div>
  );
}
