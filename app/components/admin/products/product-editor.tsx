import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Field } from "~/components/ui/field";
import { useForm, type FormField } from "~/components/ui/use-form";
import type { ImageRef } from "~/lib/catalog/catalog";
import { CATEGORIES, genderForCategory, PRODUCT_GENDERS } from "~/lib/catalog/categories";
import { PRODUCT_LIMITS, productFormSchema, type ProductFormInput } from "~/lib/catalog/product.schema";
import { IMAGE_FIELDS, productFormValues } from "~/lib/catalog/product-form-fields";
import { type StoreOption } from "~/lib/catalog/store-options";
import { SelectField, TextareaField } from "~/components/ui/field";
import type { ActionResult } from "~/lib/forms/action-result";
import type { FieldErrors } from "~/lib/forms/form-errors";
import { formLimits } from "~/lib/forms/form-limits";
import { CheckboxField } from "./form-fields";
import { PackageSizeFields } from "./package-size-fields";
import { FiscalFields } from "./fiscal-fields";
import { ImageManager, type ImageItem } from "./image-manager";
import { OptionListInput } from "./option-list-input";
import { StoreStockGrids } from "./store-stock-grids";
import { errorOfField, fieldOfError, typedUnits } from "~/lib/catalog/stock-grid";

const CATEGORY_OPTIONS = CATEGORIES.map((category) => ({ value: category, label: category }));
const GENDER_OPTIONS = PRODUCT_GENDERS.map((gender) => ({ value: gender, label: gender }));

type ProductEditorProps = {
  mode: "create" | "edit";
  initial: ProductFormInput;
  /** The 'Loja' options: the database's stores (listStoreOptions). */
  storeOptions: readonly StoreOption[];
  images: ImageRef[];
  /** The action's refusal: field errors, and the 'Erro ao salvar produto: …' message under `form`. */
  result?: ActionResult<unknown>;
  /** The migration spread the product's stock over its sizes: a notice above the grid. */
  stockNeedsReview?: boolean;
};

/**
 * The product form. Checked in the browser with the same schema as the server; sent as
 * multipart/form-data with the new files in the order the images are shown (`imageOrder`:
 * `k:{key}` for a kept image, `n:{i}` for the i-th new file).
 */
export function ProductEditor({ mode, initial, storeOptions, images, result, stockNeedsReview }: ProductEditorProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [consult, setConsult] = useState(mode === "edit" && initial.price === undefined);
  // The option lists and the typed stock live here: the grid has a cell per size × colour listed now.
  const [sizes, setSizes] = useState(initial.sizes);
  const [colors, setColors] = useState(initial.colors);
  // Units typed per store: `{store slug}:{variantKey}`; one store's grid is shown at a time.
  const [storeStock, setStoreStock] = useState(initial.storeStock ?? {});
  // What those cells started from, kept with them: after a transfer on this page reloads the data, a
  // cell the clerk did not touch still equals what it was read as, so the save leaves it alone.
  const [storeStockRead] = useState(initial.storeStockRead ?? {});
  const [stockStore, setStockStore] = useState(() => storeOptions.find((option) => option.value === initial.store)?.value ?? storeOptions[0]?.value ?? "");
  const gender = useProposedGender(initial);
  const [items, setItems] = useState<ImageItem[]>(() => images.map((image) => ({ id: image.key, kind: "stored", image })));
  const { errors, props, field } = useForm({
    schema: productFormSchema,
    limits: formLimits(productFormSchema),
    result, read: productFormValues, inputOf: fieldOfError, errorOf: errorOfField, send });
  const formError = errors.form;
  const alertRef = useRef<HTMLDivElement>(null);

  // A refused save: the message at the top is brought into view.
  useEffect(() => {
    if (formError) alertRef.current?.scrollIntoView({ block: "center" });
  }, [formError]);

  // Checked: sent as multipart, the images in the order shown.
  function send(form: HTMLFormElement) {
    submit(productFormData(form, items), { method: "post", encType: "multipart/form-data" });
  }

  // A new product's grid follows its 'Loja' until units are typed there; a saved one's stays.
  function storeChosen(chosen: string) {
    const typedHere = Object.entries(storeStock).some(([key, units]) => key.startsWith(`${stockStore}:`) && typedUnits(units) > 0);
    if (mode === "create" && !typedHere && storeOptions.some((option) => option.value === chosen)) setStockStore(chosen);
  }

  const section = "space-y-4 rounded-xl bg-white p-4 shadow-sm sm:p-6";
  return (
    <Form method="post" encType="multipart/form-data" {...props} className="space-y-5">
      {formError ? (
        <div ref={alertRef} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-800">
          {formError}
        </div>
      ) : null}

      <ProductDataSection
        initial={initial}
        field={field}
        storeOptions={storeOptions}
        gender={gender}
        onStoreChange={storeChosen}
        className={section}
      />

      <PriceSection initial={initial} consult={consult} onConsultChange={setConsult} errors={errors} className={section} />

      <SizesAndColorsSection sizes={sizes} colors={colors} onSizesChange={setSizes} onColorsChange={setColors} errors={errors} className={section} />

      <section className={section} aria-labelledby="produto-estoque">
        <h2 id="produto-estoque" className="text-lg font-bold">
          Estoque
        </h2>
        <StoreStockGrids
          stores={storeOptions}
          sizes={sizes}
          colors={colors}
          typed={storeStock}
          read={storeStockRead}
          shown={stockStore}
          onShow={setStockStore}
          onType={(store, key, value) => setStoreStock((typed) => ({ ...typed, [`${store}:${key}`]: value }))}
          errors={errors}
          needsReview={stockNeedsReview}
        />
      </section>

      <section className={section} aria-labelledby="produto-imagens">
        <h2 id="produto-imagens" className="sr-only">
          Imagens
        </h2>
        <ImageManager items={items} onChange={setItems} error={errors.images} />
      </section>

      <PackageSizeFields initial={initial} field={field} className={section} />

      <FiscalFields initial={initial} sizes={sizes} colors={colors} field={field} errors={errors} className={section} />

      <VisibilitySection initial={initial} className={section} />

      <SaveOrCancelProduct mode={mode} busy={busy} />
    </Form>
  );
}

/**
 * A product without a gender gets the one its category names, said under the field: the clerk
 * checks it and saves. Picking another category proposes again until the clerk picks a gender.
 */
function useProposedGender(initial: ProductFormInput) {
  const [value, setValue] = useState(() => initial.gender || genderForCategory(initial.category ?? ""));
  const [proposed, setProposed] = useState(() => !initial.gender && value !== "");
  function categoryChosen(category: string) {
    if (value && !proposed) return;
    const fromCategory = genderForCategory(category);
    setValue(fromCategory);
    setProposed(fromCategory !== "");
  }
  function chosen(gender: string) {
    setValue(gender);
    setProposed(false);
  }
  return { value, proposed, categoryChosen, chosen };
}

/** Checked: the form's data with the images in the order shown (`imageOrder`), the new files among them. */
function productFormData(form: HTMLFormElement, items: ImageItem[]): FormData {
  const formData = new FormData(form);
  // Files chosen before the page finished loading are still in the input: they go last.
  const leftover = formData.getAll(IMAGE_FIELDS.newImages).filter((value): value is File => typeof value !== "string" && value.size > 0);
  formData.delete(IMAGE_FIELDS.newImages);
  formData.delete(IMAGE_FIELDS.order);
  let uploads = 0;
  for (const item of items) {
    if (item.kind === "stored") {
      formData.append(IMAGE_FIELDS.order, `k:${item.image.key}`);
    } else {
      formData.append(IMAGE_FIELDS.newImages, item.file, item.file.name);
      formData.append(IMAGE_FIELDS.order, `n:${uploads}`);
      uploads += 1;
    }
  }
  for (const file of leftover) formData.append(IMAGE_FIELDS.newImages, file, file.name);
  return formData;
}

function ProductDataSection({ initial, field, storeOptions, gender, onStoreChange, className }: {
  initial: ProductFormInput;
  field: FormField;
  storeOptions: readonly StoreOption[];
  gender: ReturnType<typeof useProposedGender>;
  onStoreChange: (store: string) => void;
  className: string;
}) {
  return (
    <section className={className} aria-labelledby="produto-dados">
      <h2 id="produto-dados" className="text-lg font-bold">
        Dados do produto
      </h2>
      <Field label="Nome" {...field("name")} defaultValue={initial.name} />
      <TextareaField label="Descrição" {...field("description")} rows={4} defaultValue={initial.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Categoria"
          {...field("category")}
          options={CATEGORY_OPTIONS}
          defaultValue={initial.category ?? ""}
          onChange={(event) => gender.categoryChosen(event.currentTarget.value)}
        />
        <Field label="Subcategoria" {...field("subcategory")} defaultValue={initial.subcategory} placeholder="Ex.: Sandálias" />
        <SelectField
          label="Loja"
          {...field("store")}
          options={storeOptions}
          defaultValue={initial.store ?? ""}
          onChange={(event) => onStoreChange(event.currentTarget.value)}
        />
        <Field label="Marca" {...field("brand")} defaultValue={initial.brand} />
        <SelectField
          label="Gênero"
          {...field("gender")}
          options={GENDER_OPTIONS}
          emptyOption="Não se aplica"
          value={gender.value}
          onChange={(event) => gender.chosen(event.currentTarget.value)}
          hint={
            gender.proposed
              ? "Sugerido pela categoria: confira e salve. O Google recusa roupas e calçados sem gênero."
              : "O Google recusa roupas e calçados sem gênero."
          }
        />
      </div>
    </section>
  );
}

function PriceSection({ initial, consult, onConsultChange, errors, className }: {
  initial: ProductFormInput;
  consult: boolean;
  onConsultChange: (consult: boolean) => void;
  errors: FieldErrors;
  className: string;
}) {
  return (
    <section className={className} aria-labelledby="produto-preco">
      <h2 id="produto-preco" className="text-lg font-bold">
        Preço
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Preço (R$)"
          name="price"
          inputMode="decimal"
          placeholder="0,00"
          defaultValue={initial.price ?? ""}
          disabled={consult}
          hint="Use vírgula para os centavos: 129,90"
          error={errors.price}
        />
        <Field
          label="Preço antigo (R$)"
          name="oldPrice"
          inputMode="decimal"
          placeholder="Opcional"
          defaultValue={initial.oldPrice ?? ""}
          disabled={consult}
          hint="Mostrado riscado, com o desconto"
          error={errors.oldPrice}
        />
      </div>
      <CheckboxField
        label="Consultar preço"
        name="consultPrice"
        checked={consult}
        onChange={(event) => onConsultChange(event.target.checked)}
        hint="Sem preço publicado: a loja mostra “Consultar Preço” e o cliente pergunta pelo WhatsApp."
      />
    </section>
  );
}

/** The option lists: the stock grid has a cell per size × colour listed here. */
function SizesAndColorsSection({ sizes, colors, onSizesChange, onColorsChange, errors, className }: {
  sizes: string[];
  colors: string[];
  onSizesChange: (sizes: string[]) => void;
  onColorsChange: (colors: string[]) => void;
  errors: FieldErrors;
  className: string;
}) {
  return (
    <section className={className} aria-labelledby="produto-opcoes">
      <h2 id="produto-opcoes" className="text-lg font-bold">
        Tamanhos e cores
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionListInput
          label="Tamanhos"
          itemLabel="tamanho"
          name="sizes"
          values={sizes}
          onValuesChange={onSizesChange}
          placeholder="Ex.: 38 ou M"
          maxLength={PRODUCT_LIMITS.size}
          error={errors.sizes}
        />
        <OptionListInput
          label="Cores"
          itemLabel="cor"
          feminine
          name="colors"
          values={colors}
          onValuesChange={onColorsChange}
          placeholder="Ex.: Preto"
          maxLength={PRODUCT_LIMITS.color}
          error={errors.colors}
        />
      </div>
    </section>
  );
}

function VisibilitySection({ initial, className }: { initial: ProductFormInput; className: string }) {
  return (
    <section className={className} aria-labelledby="produto-visibilidade">
      <h2 id="produto-visibilidade" className="text-lg font-bold">
        Na loja
      </h2>
      <CheckboxField label="Produto em destaque" name="featured" defaultChecked={initial.featured === "on"} hint="Aparece em “Produtos em Destaque” na página inicial." />
      <CheckboxField label="Ativo" name="active" defaultChecked={initial.active === "on"} hint="Desmarque para esconder o produto da loja sem excluí-lo." />
    </section>
  );
}

function SaveOrCancelProduct({ mode, busy }: { mode: "create" | "edit"; busy: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Link to="/admin/produtos" className="rounded-lg border border-slate-300 bg-white px-5 py-3 text-center font-semibold hover:bg-slate-50">
        Cancelar
      </Link>
      <button type="submit" disabled={busy} className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
        {busy ? "Salvando…" : mode === "create" ? "Cadastrar produto" : "Salvar alterações"}
      </button>
    </div>
  );
}
