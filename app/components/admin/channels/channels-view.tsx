import { useState } from "react";
import { Form, Link } from "react-router";
import {
  GOOGLE_REFUSES,
  LEFT_OUT_REASONS,
  MISSING_RECOMMENDED,
  type GoogleRefusal,
  type LeftOutReason,
  type MissingRecommended,
} from "~/lib/channels/channel-check";
import { GOOGLE_CATEGORY_MAX_LENGTH } from "~/lib/channels/channels.schema";
import { productEditPath } from "~/lib/pages/admin-product-paths";
import { countLabel } from "~/lib/format/plural";
import { ProductPicker } from "~/components/admin/products/product-picker";

type Problem<Reason extends string> = { id: number; name: string; reasons: Reason[] };

export type ChannelsViewProps = {
  feeds: { meta: string; google: string };
  check: {
    listedProducts: number;
    items: number;
    leftOut: { total: number; products: Problem<LeftOutReason>[] };
    missing: { total: number; products: Problem<MissingRecommended>[] };
    googleRefuses: { total: number; products: Problem<GoogleRefusal>[] };
    excluded: { id: number; name: string; by: "product" | "shop" }[];
  };
  shops: { id: number; name: string; excluded: boolean }[];
  categories: { category: string; subcategory: string; products: number; googleCategory: string; suggested: string; corrected: boolean }[];
  saved: boolean;
  error: string | null;
};

/** Categories of Google's taxonomy the shop's products fall in, offered while typing. */
const GOOGLE_CATEGORY_CHOICES = [
  "Apparel & Accessories > Shoes",
  "Apparel & Accessories > Clothing",
  "Apparel & Accessories > Handbags, Wallets & Cases > Handbags",
  "Apparel & Accessories",
  "Toys & Games > Toys",
  "Sporting Goods",
  "Home & Garden > Kitchen & Dining",
  "Home & Garden > Linens & Bedding",
  "Home & Garden > Decor",
  "Home & Garden",
];

const button = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";
const section = "rounded-2xl bg-white p-5 shadow-sm";

function FeedUrl({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const id = `feed-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm" />
        <button
          type="button"
          className={button}
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? "Copiado!" : "Copiar"}
        </button>
      </div>
    </div>
  );
}

function ProductForm({ intent, productId, label }: { intent: "exclude-product" | "include-product"; productId: number; label: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <button type="submit" className={button}>
        {label}
      </button>
    </Form>
  );
}

/** The problems of one kind, each product with a link to its form (where the missing field is filled). */
function ProblemList<Reason extends string>({ products, labels }: { products: Problem<Reason>[]; labels: Record<Reason, string> }) {
  return (
    <ul className="mt-3 divide-y divide-slate-100">
      {products.map((product) => (
        <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            <Link to={productEditPath(product.id)} className="font-medium text-blue-700 underline">
              {product.name}
            </Link>{" "}
            <span className="text-sm text-slate-600">— {product.reasons.map((reason) => labels[reason]).join(", ")}</span>
          </span>
          <ProductForm intent="exclude-product" productId={product.id} label="Deixar fora dos canais" />
        </li>
      ))}
    </ul>
  );
}

/** /admin/canais: the feed addresses, how to use them, the catalogue's check and the admin's choices. */
export function ChannelsView({ feeds, check, shops, categories, saved, error }: ChannelsViewProps) {
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold">Canais de venda</h1>
        <p className="text-sm text-slate-600">
          O catálogo no WhatsApp, no Instagram, no Facebook e no Google, atualizado sozinho: {countLabel(check.listedProducts, "produto", "produtos")} em{" "}
          {countLabel(check.items, "item", "itens")} (um por tamanho e cor).
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : saved ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-800">
          Alteração salva. Os catálogos já saem com ela.
        </p>
      ) : null}

      <FeedAddressesSection feeds={feeds} />

      <PrintedCardsSection />

      <CatalogueProblems check={check} />

      <ShopsAndProductsChoices shops={shops} excluded={check.excluded} />

      <GoogleCategoriesSection categories={categories} />
    </div>
  );
}

/** Google's category for each kind of product: the suggestion, or the admin's correction. */
function GoogleCategoriesSection({ categories }: { categories: ChannelsViewProps["categories"] }) {
  return (
    <section aria-labelledby="canais-categorias" className={section}>
      <h2 id="canais-categorias" className="text-lg font-bold">
        Categorias do Google
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">
        A categoria de cada tipo de produto na lista do Google (em inglês, como o Google escreve). Apague o campo para voltar à sugestão.
      </p>
      <datalist id="categorias-google">
        {GOOGLE_CATEGORY_CHOICES.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
      <ul className="mt-3 divide-y divide-slate-100">
        {categories.map((row) => {
          const id = `categoria-${row.category}-${row.subcategory}`.replace(/\W+/g, "-");
          return (
            <li key={id} className="py-2">
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="category" />
                <input type="hidden" name="category" value={row.category} />
                <input type="hidden" name="subcategory" value={row.subcategory} />
                <div className="min-w-0 flex-1">
                  <label htmlFor={id} className="block text-sm font-semibold">
                    {[row.category, row.subcategory].filter(Boolean).join(" › ")}{" "}
                    <span className="font-normal text-slate-600">({countLabel(row.products, "produto", "produtos")})</span>
                  </label>
                  <input
                    id={id}
                    name="googleCategory"
                    list="categorias-google"
                    maxLength={GOOGLE_CATEGORY_MAX_LENGTH}
                    defaultValue={row.corrected ? row.googleCategory : ""}
                    placeholder={row.suggested || "Sem sugestão"}
                    className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  />
                </div>
                <button type="submit" className={button}>
                  Salvar
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Which shops and products the admin left out of the catalogues, and putting them back. */
function ShopsAndProductsChoices({ shops, excluded }: { shops: ChannelsViewProps["shops"]; excluded: ChannelsViewProps["check"]["excluded"] }) {
  const excludedProducts = excluded.filter((product) => product.by === "product");
  return (
    <section aria-labelledby="canais-escolhas" className={section}>
      <h2 id="canais-escolhas" className="text-lg font-bold">
        Lojas e produtos nos catálogos
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {shops.map((shop) => (
          <li key={shop.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{shop.name}</span>{" "}
              <span className="text-sm text-slate-600">{shop.excluded ? "— fora dos catálogos" : "— nos catálogos"}</span>
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value={shop.excluded ? "include-shop" : "exclude-shop"} />
              <input type="hidden" name="shopId" value={shop.id} />
              <button type="submit" className={button}>
                {shop.excluded ? `Voltar ${shop.name} aos catálogos` : `Deixar ${shop.name} fora`}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-semibold">Produtos deixados fora: {excludedProducts.length}</h3>
      {excludedProducts.length ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {excludedProducts.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={productEditPath(product.id)} className="font-medium text-blue-700 underline">
                {product.name}
              </Link>
              <ProductForm intent="include-product" productId={product.id} label="Voltar aos catálogos" />
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="exclude-product" />
        <div className="min-w-0 flex-1 basis-64">
          <ProductPicker label="Produto" name="productId" required />
        </div>
        <button type="submit" className={button}>
          Deixar fora dos catálogos
        </button>
      </Form>
    </section>
  );
}

/** What keeps products out of the catalogues, what Google refuses, and what would help them be found. */
function CatalogueProblems({ check }: { check: ChannelsViewProps["check"] }) {
  return (
    <>
      <section aria-labelledby="canais-fora" className={section}>
        <h2 id="canais-fora" className="text-lg font-bold">
          Fora dos catálogos: {countLabel(check.leftOut.total, "produto", "produtos")}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">Sem foto, preço ou descrição o produto não vai, para não aparecer pela metade. Abra o produto para completar.</p>
        {check.leftOut.products.length ? <ProblemList products={check.leftOut.products} labels={LEFT_OUT_REASONS} /> : null}
      </section>

      <section aria-labelledby="canais-google-recusa" className={section}>
        <h2 id="canais-google-recusa" className="text-lg font-bold">
          O Google recusa: {countLabel(check.googleRefuses.total, "produto", "produtos")}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">
          Roupas, calçados e acessórios sem gênero: o Google exige o gênero e a faixa etária e recusa estes itens (a Meta aceita). Abra o produto e escolha o
          gênero.
        </p>
        {check.googleRefuses.products.length ? <ProblemList products={check.googleRefuses.products} labels={GOOGLE_REFUSES} /> : null}
      </section>

      <section aria-labelledby="canais-recomendados" className={section}>
        <h2 id="canais-recomendados" className="text-lg font-bold">
          Campos recomendados faltando: {countLabel(check.missing.total, "produto", "produtos")}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">Estes vão, mas aparecem menos nas buscas da Meta e do Google.</p>
        {check.missing.products.length ? <ProblemList products={check.missing.products} labels={MISSING_RECOMMENDED} /> : null}
      </section>
    </>
  );
}

function PrintedCardsSection() {
  return (
    <section aria-labelledby="canais-cartazes" className={section}>
      <h2 id="canais-cartazes" className="text-lg font-bold">
        Cartazes e etiquetas com QR code
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">
        Para a vitrine e o balcão: foto, nome, preço, tamanhos e um QR code que abre a página do produto. Imprima do celular ou do computador.
      </p>
      {/* The browser's own form: the print page opens in a tab of its own, outside the admin's app. */}
      <form method="get" action="/admin/canais/cartazes" target="_blank" className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-64">
          <ProductPicker label="Produtos" name="produtos" multiple required />
        </div>
        <button type="submit" name="formato" value="a4" className={button}>
          Folha A4 (4 por folha)
        </button>
        <button type="submit" name="formato" value="a6" className={button}>
          Etiquetas A6
        </button>
      </form>
    </section>
  );
}

/** The two feeds' addresses and, step by step, where to paste each. */
function FeedAddressesSection({ feeds }: { feeds: ChannelsViewProps["feeds"] }) {
  return (
    <section aria-labelledby="canais-enderecos" className={section}>
      <h2 id="canais-enderecos" className="text-lg font-bold">
        Endereços dos catálogos
      </h2>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <FeedUrl label="Meta (WhatsApp, Instagram e Facebook)" url={feeds.meta} />
        <FeedUrl label="Google Merchant Center" url={feeds.google} />
      </div>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">No Commerce Manager da Meta</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Abra o Commerce Manager (business.facebook.com/commerce) e escolha o catálogo da loja, ou crie um do tipo “E-commerce”.</li>
            <li>Vá em Catálogo → Fontes de dados → Adicionar itens.</li>
            <li>Escolha “Feed de dados” e depois “URL agendada”.</li>
            <li>Cole o endereço da Meta acima e escolha atualizar “a cada hora”.</li>
            <li>Moeda: Real brasileiro (BRL). Conclua: os produtos aparecem em alguns minutos.</li>
            <li>No WhatsApp Business, em Ferramentas comerciais → Catálogo, conecte o mesmo catálogo; no Instagram, em Compras.</li>
          </ol>
        </div>
        <div>
          <h3 className="font-semibold">No Google Merchant Center</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Entre em merchants.google.com com a conta da loja e confirme o site (o endereço da loja).</li>
            <li>Vá em Produtos → Adicionar produtos → Adicionar produtos de um arquivo.</li>
            <li>Escolha “Adicionar um link de arquivo” e cole o endereço do Google acima.</li>
            <li>País de venda: Brasil; idioma: português. Programe a busca diária (ou a cada hora, se oferecido).</li>
            <li>Em Frete e devoluções, informe a entrega da loja; depois ative as “listagens gratuitas”.</li>
          </ol>
        </div>
      </div>
    </section>
  );
}
