import { Field, SelectField } from "~/components/ui/field";
import { formatNcm, TAX_ORIGIN_LABELS } from "~/lib/fiscal/product-fiscal.schema";
import { EAN_GRID_FIELD, eanFieldName } from "~/lib/catalog/product-form-fields";
import type { ProductFormInput } from "~/lib/catalog/product.schema";
import type { FieldErrors } from "~/lib/forms/form-errors";
import { variantKey, variantLabel, variantOptions } from "~/lib/catalog/variants";

type FiscalField = "ncm" | "cfopInState" | "cfopOutOfState" | "taxOrigin" | "taxSituation" | "cest";

const ORIGIN_OPTIONS = Object.entries(TAX_ORIGIN_LABELS).map(([value, label]) => ({ value, label }));

/**
 * "Dados fiscais": what the product's NFC-e and NF-e carry (docs/fiscal.md), folded away since the
 * defaults fit most products; open when one of its fields was refused. An empty NCM takes the category's.
 */
export function FiscalFields({
  initial,
  sizes,
  colors,
  field,
  errors,
  className,
}: {
  initial: ProductFormInput;
  sizes: string[];
  colors: string[];
  field: (name: FiscalField) => { name: string; error?: string };
  errors: FieldErrors;
  className: string;
}) {
  const options = variantOptions({ sizes, colors });
  const refused = (["ncm", "cfopInState", "cfopOutOfState", "taxOrigin", "taxSituation", "cest"] as const).some((name) => errors[name]) || Object.keys(errors).some((key) => key.startsWith("eans."));
  return (
    <details className={className} open={refused || undefined} data-testid="fiscal-fields">
      <summary className="cursor-pointer text-lg font-bold">Dados fiscais</summary>
      <p className="text-sm text-slate-600">Para a nota fiscal (NFC-e e NF-e). NCM vazio usa o NCM padrão da categoria.</p>
      <input type="hidden" name={EAN_GRID_FIELD} value="1" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="NCM" inputMode="numeric" maxLength={10} placeholder="6403.99.90" {...field("ncm")} defaultValue={formatNcm(initial.ncm ?? "")} />
        <Field label="CFOP dentro de PE" inputMode="numeric" maxLength={4} {...field("cfopInState")} defaultValue={initial.cfopInState ?? "5102"} />
        <Field label="CFOP fora de PE" inputMode="numeric" maxLength={4} {...field("cfopOutOfState")} defaultValue={initial.cfopOutOfState ?? "6102"} />
        <SelectField label="Origem" {...field("taxOrigin")} options={ORIGIN_OPTIONS} emptyOption={null} defaultValue={initial.taxOrigin ?? "0"} />
        <Field label="CSOSN/CST" inputMode="numeric" maxLength={3} {...field("taxSituation")} defaultValue={initial.taxSituation ?? "102"} hint="102 no Simples Nacional" />
        <Field label="CEST" inputMode="numeric" maxLength={9} {...field("cest")} defaultValue={initial.cest ?? ""} hint="Só quando o produto exige" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const key = variantKey(option.size, option.color);
          const label = variantLabel(option);
          return (
            <Field
              key={key}
              label={label ? `EAN – ${label}` : "EAN (código de barras)"}
              name={eanFieldName(option.size, option.color)}
              inputMode="numeric"
              maxLength={14}
              defaultValue={initial.eans?.[key] ?? ""}
              error={errors[`eans.${key}`]}
            />
          );
        })}
      </div>
    </details>
  );
}
