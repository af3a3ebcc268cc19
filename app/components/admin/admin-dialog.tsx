import { useEffect, useId, useRef } from "react";
import { CloseIcon } from "~/components/ui/icons";

type AdminDialogProps = {
  title: string;
  /** Called when the dialog closes by any means: the close button, Esc or a click on the backdrop. */
  onClose: () => void;
  children: React.ReactNode;
};

/**
 * A modal for the admin lists' details. Mounted means open: it opens as a native modal dialog (focus
 * kept inside, Esc closes, the page behind inert) and gives focus back to what opened it on close.
 */
export function AdminDialog({ title, onClose, children }: AdminDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    const handleClose = () => onCloseRef.current();
    element.addEventListener("close", handleClose);
    return () => {
      element.removeEventListener("close", handleClose);
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // A click on the backdrop lands on the dialog element itself (its content fills it).
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="-mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100"
            aria-label="Fechar"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
      </div>
    </dialog>
  );
}
