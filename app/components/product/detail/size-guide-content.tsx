import { CloseIcon } from "~/components/ui/icons";
import type { SizeGuide } from "./size-guide-data";

// The size guide's table and words (app/components/product/detail/size-guide-dialog.tsx), a chunk of
// their own, fetched when the shopper first opens the dialog.

const TITLES: Record<SizeGuide["kind"], string> = {
  shoes: "Guia de tamanhos: calçados",
  "adult-clothing": "Guia de tamanhos: roupas",
  "kids-clothing": "Guia de tamanhos: roupas infantis",
};

/** What the 'Guia de tamanhos' dialog shows; `onClose` closes the dialog. */
export function SizeGuideContent({ guide, titleId, onClose }: { guide: SizeGuide; titleId: string; onClose: () => void }) {
  return (
    <div className="p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-bold">
          {TITLES[guide.kind]}
        </h2>
        <button
          type="button"
          onClick={() => onClose()}
          className="-mr-2 -mt-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100"
          aria-label="Fechar guia de tamanhos"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      <GuideTable guide={guide} />
      <p className="mt-3 text-sm text-slate-600">
        {guide.kind === "shoes"
          ? "Meça o pé do calcanhar até a ponta do dedo maior, no fim do dia. Entre dois tamanhos, escolha o maior."
          : "Medidas aproximadas do corpo. Na dúvida, fale com a loja pelo WhatsApp."}
      </p>
      <button
        type="button"
        onClick={() => onClose()}
        className="mt-4 w-full rounded-lg border border-slate-300 px-4 py-2.5 font-semibold hover:bg-slate-50"
      >
        Fechar
      </button>
    </div>
  );
}

function GuideTable({ guide }: { guide: SizeGuide }) {
  const head = "border-b border-slate-200 px-3 py-2 text-left font-semibold";
  const cell = "border-b border-slate-100 px-3 py-1.5";
  return (
    <div className="mt-4 max-h-[55vh] overflow-y-auto rounded-lg border border-slate-200">
      <table className="w-full text-sm">
        <thead className="sticky top-0 bg-slate-50">
          {guide.kind === "shoes" ? (
            <tr>
              <th scope="col" className={head}>
                BR
              </th>
              <th scope="col" className={head}>
                Comprimento do pé (cm)
              </th>
            </tr>
          ) : guide.kind === "kids-clothing" ? (
            <tr>
              <th scope="col" className={head}>
                Tamanho
              </th>
              <th scope="col" className={head}>
                Idade
              </th>
              <th scope="col" className={head}>
                Altura (cm)
              </th>
            </tr>
          ) : (
            <tr>
              <th scope="col" className={head}>
                Tamanho
              </th>
              <th scope="col" className={head}>
                Busto (cm)
              </th>
              <th scope="col" className={head}>
                Cintura (cm)
              </th>
            </tr>
          )}
        </thead>
        <tbody>
          {guide.kind === "shoes"
            ? guide.rows.map((row) => (
                <tr key={row.size}>
                  <th scope="row" className={`${cell} text-left font-semibold`}>
                    {row.size}
                  </th>
                  <td className={cell}>{row.footCm}</td>
                </tr>
              ))
            : guide.kind === "kids-clothing"
              ? guide.rows.map((row) => (
                  <tr key={row.size}>
                    <th scope="row" className={`${cell} text-left font-semibold`}>
                      {row.size}
                    </th>
                    <td className={cell}>{row.age}</td>
                    <td className={cell}>{row.heightCm}</td>
                  </tr>
                ))
              : guide.rows.map((row) => (
                  <tr key={row.size}>
                    <th scope="row" className={`${cell} text-left font-semibold`}>
                      {row.size}
                    </th>
                    <td className={cell}>{row.chestCm}</td>
                    <td className={cell}>{row.waistCm}</td>
                  </tr>
                ))}
        </tbody>
      </table>
    </div>
  );
}
