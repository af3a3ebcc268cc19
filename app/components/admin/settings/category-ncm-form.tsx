import { Form } from "react-router";
import { Field } from "~/components/ui/field";
import { refusalErrors, resultMessage, type ActionResult } from "~/lib/forms/action-result";
import { CATEGORY_NCM_FIELD_PREFIX, formatNcm } from "~/lib/fiscal/product-fiscal.schema";

type Props = {
  defaults: { category: string; ncm: string }[];
  answer?: ActionResult<{ form: "category-ncm" }>;
};

/** "NCM padrão por categoria": set once, taken by every product of the category whose own NCM is empty (docs/fiscal.md). */
export function CategoryNcmForm({ defaults, answer }: Props) {
  const errors = refusalErrors(answer);
  const message = resultMessage(answer);
  return (
    <section aria-labelledby="ncm-categorias" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
      <h2 id="ncm-categorias" className="text-lg font-bold">
        NCM padrão por categoria
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Usado na nota fiscal de cada produto da categoria sem NCM próprio (ex.: calçados 6402, 6403, 6404…; roupas 61xx, 62xx).
      </p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="category-ncm" />
        {defaults.map(({ category, ncm }) => (
          <Field
            key={category}
            label={category}
            name={`${CATEGORY_NCM_FIELD_PREFIX}${category}`}
            inputMode="numeric"
            maxLength={10}
            placeholder="6403.99.90"
            defaultValue={formatNcm(ncm)}
            error={errors?.[`${CATEGORY_NCM_FIELD_PREFIX}${category}`]}
          />
        ))}
        <div className="sm:col-span-2">
          {message ? (
            <p role={answer?.ok ? "status" : "alert"} className={`mb-2 text-sm font-medium ${answer?.ok ? "text-green-700" : "text-red-700"}`}>
              {message}
            </p>
          ) : null}
          <button type="submit" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50">
            Salvar NCM das categorias
          </button>
        </div>
      </Form>
    </section>
  );
}
