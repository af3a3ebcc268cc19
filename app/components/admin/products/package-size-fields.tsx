import { Field } from "~/components/ui/field";
import { PACKAGE_FIELDS, type PackageField, type ProductFormInput } from "~/lib/catalog/product.schema";

const FIELDS = Object.keys(PACKAGE_FIELDS) as PackageField[];

/**
 * A unit's boxed weight and size, for carrier quotes beyond the shop's towns (Melhor Envio); each one
 * left empty takes its category's default, so no product ever blocks a quote.
 */
export function PackageSizeFields({
  initial,
  field,
  className,
}: {
  initial: ProductFormInput;
  field: (name: PackageField) => { name: string; error?: string };
  className: string;
}) {
  return (
    <section className={className} aria-labelledby="produto-embalagem">
      <h2 id="produto-embalagem" className="text-lg font-bold">
        Peso e tamanho na embalagem
      </h2>
      <p className="text-sm text-slate-600">Para o frete das transportadoras. Deixe vazio para usar o padrão da categoria.</p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {FIELDS.map((name) => (
          <Field key={name} label={PACKAGE_FIELDS[name].label} inputMode="numeric" {...field(name)} defaultValue={initial[name] ?? ""} />
        ))}
      </div>
    </section>
  );
}
