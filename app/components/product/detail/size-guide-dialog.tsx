import { Suspense, useId, useRef } from "react";
import { lazyExport } from "~/components/ui/lazy-export";
import type { SizeGuide } from "./size-guide-data";

/** The dialog's content loads after the page (the server renders it; the browser hydrates it on arrival). */
const SizeGuideContent = lazyExport(() => import("./size-guide-content"), "SizeGuideContent");

/** 'Guia de tamanhos' button and its modal. The native dialog gives focus trapping and Esc for free. */
export function SizeGuideButton({ guide }: { guide: SizeGuide }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Guia de tamanhos
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        // A click on the backdrop lands on the dialog itself (the content fills it), and closes it.
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 text-slate-900 shadow-xl"
      >
        <Suspense fallback={null}>
          <SizeGuideContent guide={guide} titleId={titleId} onClose={() => dialog.current?.close()} />
        </Suspense>
      </dialog>
    </>
  );
}
