import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { SizeGuideContent } from "./size-guide-content";
import type { SizeGuide } from "./size-guide-data";

/**
 * The dialog's content is fetched when the shopper first opens it, and is in the dialog before it opens
 * (so the dialog's first button takes the focus, as the native dialog does).
 */
const loadContent = () => import("./size-guide-content").then((module) => module.SizeGuideContent);

/** 'Guia de tamanhos' button and its modal. The native dialog gives focus trapping and Esc for free. */
export function SizeGuideButton({ guide }: { guide: SizeGuide }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [Content, setContent] = useState<typeof SizeGuideContent | null>(null);

  function open() {
    void loadContent().then(
      (content) => {
        flushSync(() => setContent(() => content));
        dialog.current?.showModal();
      },
      // Offline, or a new release replaced the file: the button stays, and the next press tries again.
      () => undefined,
    );
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={open}
        className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Guia de tamanhos
      </button>
      <dialog
        ref={dialog}
        // Its title comes with the content: until then a reference would point at nothing.
        aria-labelledby={Content ? titleId : undefined}
        // A click on the backdrop lands on the dialog itself (the content fills it), and closes it.
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 text-slate-900 shadow-xl"
      >
        {Content ? <Content guide={guide} titleId={titleId} onClose={() => dialog.current?.close()} /> : null}
      </dialog>
    </>
  );
}
