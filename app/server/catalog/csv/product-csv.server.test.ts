import { describe, expect, it } from "vitest";
import { variantKey } from "~/lib/catalog/variants";
import { toCsv } from "../../files/csv.server";
import { PRODUCT_CSV_COLUMNS, productCsvRows, type CsvProduct } from "./columns.server";
import { MAX_CSV_ROWS, readProductCsv, type ProductCsvSheet } from "./header.server";
import { validateProductCsv } from "./validation.server";

const saved: CsvProduct = {
  id: 7,
  name: "Sandália Rasteira Trançada",
  description: "Sandália de couro.",
  priceCents: 89_90,
  oldPriceCents: 119_90,
  category: "Feminino",
  store: "sirinhaem-calcados",
  subcategory: "Sandálias",
  brand: "Moleca",
  gender: "Feminino",
  variants: [
    { size: "35", color: "Caramelo", stock: 3, sku: "SRT-35-CAR", ean: "7891234567895" },
    { size: "35", color: "Preto", stock: 0, sku: "", ean: "" },
    { size: "36", color: "Caramelo", stock: 1, sku: "SRT-36-CAR", ean: "" },
    { size: "36", color: "Preto", stock: 2, sku: "", ean: "" },
  ],
  sizes: ["35", "36"],
  colors: ["Caramelo", "Preto"],
  featured: true,
  active: false,
  weightGrams: 650,
  heightCm: 11,
  widthCm: 19,
  lengthCm: 29,
  fiscal: { ncm: "64039990", cfopInState: "5102", cfopOutOfState: "6102", taxOrigin: "0", taxSituation: "102", cest: "" },
};

const plain: CsvProduct = {
  ...saved,
  id: 8,
  name: "Vaso de Cerâmica",
  category: "Magazine",
  store: "magazine-e-kids",
  subcategory: "",
  brand: "",
  gender: "",
  sizes: [],
  colors: [],
  variants: [{ size: "", color: "", stock: 5, sku: "", ean: "" }],
};

/** The stores as the database names them (the seed's); the files below still say 'Erick Calçados - Sirinhaém', as older exports did. */
const stores = [
  { value: "barreiros-calcados", label: "Erick Calçados Barreiros", shop: "calcados" },
  { value: "sirinhaem-calcados", label: "Erick Calçados Sirinhaém", shop: "calcados" },
  { value: "barreiros-variedades", label: "Erick Variedades Barreiros", shop: "variedades" },
  { value: "sirinhaem-variedades", label: "Erick Variedades Sirinhaém", shop: "variedades" },
  { value: "magazine-e-kids", label: "Erick Magazine e Kids", shop: "kids" },
  { value: "sports", label: "Erick Sports", shop: "sports" },
];

const existing = new Map([
  [saved.id, saved],
  [plain.id, plain],
]);

function sheetOf(text: string): ProductCsvSheet {
  const file = readProductCsv(text);
  if (!file.ok) throw new Error(JSON.stringify(file.errors));
  return file.sheet;
}

const validate = (text: string) => validateProductCsv(sheetOf(text), existing, stores);

describe("readProductCsv", () => {
  it("forgives accents, case and spaces in the header, and lists the ids the rows name once", () => {
    const sheet = sheetOf("ID;Nome;Categoria;LOJA;Preço;Estoque;Preço Antigo;Tamanho\n7;a;b;c;d;e;f;g\n;x;y;z;1;2;3;4\nabc;x;y;z;1;2;3;4\n7;a;b;c;d;e;f;h\n");
    expect(sheet.columns).toEqual(["id", "nome", "categoria", "loja", "preco", "estoque_loja_principal", "preco_antigo", "tamanho"]);
    expect(sheet.rows.map((row) => row.line)).toEqual([2, 3, 4, 5]);
    expect(sheet.ids).toEqual([7]);
  });

  it.each([
    ["", 1, "O arquivo está vazio."],
    ['nome;categoria\nx;"aberto\n', 2, "Arquivo CSV inválido: aspas abertas e não fechadas."],
    ["nome;categoria;loja;preco;estoque\n", 1, "O arquivo não tem produtos (só o cabeçalho)."],
    ["nome;categoria;loja;preco;estoque;;nome;cores2\nx", 1, "Cabeçalho: a coluna 6 não tem nome; coluna “nome” repetida; coluna desconhecida “cores2”."],
    ["nome;preco\nx;1", 1, "Cabeçalho: falta a coluna “categoria”; falta a coluna “loja”; falta a coluna “estoque_loja_principal”."],
    [
      "nome;categoria;loja;preco;estoque;tamanhos;cor;sku\nx",
      1,
      "Cabeçalho: “tamanhos” é coluna do formato antigo (uma linha por produto); exporte o CSV de novo: hoje cada linha é um tamanho e cor, com as colunas “tamanho” e “cor”.",
    ],
  ])("refuses %j at line %i", (text, line, message) => {
    expect(readProductCsv(text)).toEqual({ ok: false, errors: [{ line, message }] });
  });

  it(`refuses more than ${MAX_CSV_ROWS} rows`, () => {
    const text = `nome;categoria;loja;preco;estoque\n${"x;y;z;1;2\n".repeat(MAX_CSV_ROWS + 1)}`;
    expect(readProductCsv(text)).toEqual({ ok: false, errors: [{ line: 1, message: "O arquivo tem 20.001 linhas; o máximo é 20.000." }] });
    expect(readProductCsv(`nome;categoria;loja;preco;estoque\n${"x;y;z;1;2\n".repeat(MAX_CSV_ROWS)}`).ok).toBe(true);
  });
});

describe("validateProductCsv", () => {
  it("an exported product is a row per variant and reads back as the same form data, SKUs and all", () => {
    const rows = productCsvRows(saved, stores);
    expect(rows.map((row) => row.slice(8, 12))).toEqual([
      ["35", "Caramelo", "SRT-35-CAR", 3],
      ["35", "Preto", "", 0],
      ["36", "Caramelo", "SRT-36-CAR", 1],
      ["36", "Preto", "", 2],
    ]);
    // The fixed columns only (the layout with a single `estoque`).
    const { valid, errors } = validate(toCsv(PRODUCT_CSV_COLUMNS, [...rows, ...productCsvRows(plain, stores)].map((row) => row.slice(0, PRODUCT_CSV_COLUMNS.length))));
    expect(errors).toEqual([]);
    const { id, variants, fiscal, ...unchanged } = saved;
    expect(valid).toEqual([
      {
        line: 2,
        id,
        // The fiscal columns and the EANs too (docs/fiscal.md).
        input: { ...unchanged, ...fiscal, variants: variants.map(({ sku: _sku, ...variant }) => variant) },
        skus: new Map(variants.map((variant) => [variantKey(variant.size, variant.color), variant.sku])),
        // Nothing counted again: the 'count the shelf' flag stays as it is.
        stockNeedsReview: null,
        // What each variant had at the export, by its line: the import refuses what moved since.
        exportedStock: new Map(variants.map((variant, index) => [variantKey(variant.size, variant.color), { line: 2 + index, units: variant.stock }])),
        // No column per store in this layout.
        storeRead: new Map(),
        storeReadColumn: new Map(),
        lineOfVariant: new Map(variants.map((variant, index) => [variantKey(variant.size, variant.color), 2 + index])),
      },
      expect.objectContaining({ line: 6, id: 8, input: expect.objectContaining({ variants: [{ size: "", color: "", stock: 5, ean: "" }] }) }),
    ]);
  });

  it("groups rows by id wherever they are, and consecutive new rows by nome and loja", () => {
    const { valid, errors } = validate(
      [
        "id;nome;categoria;loja;preco;tamanho;cor;estoque;descricao",
        "7;Sandália Rasteira Trançada;Feminino;Erick Calçados - Sirinhaém;89,90;36;Preto;4;Sandália de couro.",
        ";Tênis Corrida;esportivo;erick sports;199,90;40;;2;Tênis leve.",
        ";Tênis Corrida;Esportivo;Erick Sports;199,90;39;;0;Tênis leve.",
        ";Tênis Corrida;Esportivo;Erick Sports;199,90; 41 ;;7;Tênis leve.",
        // Same name, another store: another product.
        ";Tênis Corrida;Esportivo;Erick Calçados - Barreiros;199,90;40;;1;Tênis leve.",
        "7;Sandália Rasteira Trançada;Feminino;Erick Calçados - Sirinhaém;89,90;37;preto;1;Sandália de couro.",
        "7;Sandália Rasteira Trançada;Feminino;Erick Calçados - Sirinhaém;89,90;36;Caramelo;6;Sandália de couro.",
      ].join("\n"),
    );
    expect(errors).toEqual([]);
    expect(valid.map((product) => [product.line, product.id, product.input.sizes, product.input.colors, product.input.variants])).toEqual([
      [
        2,
        7,
        ["36", "37"],
        ["Preto", "Caramelo"],
        // A file without the `ean` column keeps the stored EANs (none of these sizes has one).
        [
          { size: "36", color: "Preto", stock: 4, ean: "" },
          { size: "36", color: "Caramelo", stock: 6, ean: "" },
          // 'preto' is the Preto of an earlier row; a combination the file leaves out has 0 units.
          { size: "37", color: "Preto", stock: 1, ean: "" },
          { size: "37", color: "Caramelo", stock: 0, ean: "" },
        ],
      ],
      [
        3,
        null,
        ["40", "39", "41"],
        [],
        [
          { size: "40", color: "", stock: 2 },
          { size: "39", color: "", stock: 0 },
          { size: "41", color: "", stock: 7 },
        ],
      ],
      [6, null, ["40"], [], [{ size: "40", color: "", stock: 1 }]],
    ]);
    // Stock counted again clears the product's review flag; the file has no sku column, so SKUs stay.
    expect(valid[0]).toMatchObject({ stockNeedsReview: false, skus: null });
    // Columns the file leaves out keep their values.
    expect(valid[0]!.input).toMatchObject({ brand: "Moleca", gender: "Feminino", oldPriceCents: 119_90, featured: true, active: false });
    expect(valid[1]!.input).toMatchObject({ active: true, featured: false, category: "Esportivo", store: "sports" });
  });

  it("reports every problem on the line it is on, and passes none of the products that have one", () => {
    const header = "id;nome;categoria;loja;preco;tamanho;cor;sku;estoque;destaque;descricao";
    const { valid, errors } = validate(
      [
        header,
        "9;A;Feminino;Erick Sports;1,00;;;;1;não;d",
        "0;A;Feminino;Erick Sports;1,00;;;;1;não;d",
        "7;Sandália;Feminino;Erick Sports;1,00;35;Preto;;1;não;d",
        "7;Sandália;Masculino;Erick Sports;1,50;36;Preto;;2,5;não;d",
        "7;Sandália;Feminino;Erick Sports;1,00;35;preto;;1;não;d",
        "7;Sandália;Feminino;Erick Sports;1,00;;Preto;;1;não;d",
        ";;Calçados;Loja X;-1,00;;;;1,5;talvez;",
        ";curta",
        ";'=Fórmula;Feminino;Erick Sports;1,00;;;;1;sim;d",
        ";Bota;Feminino;Erick Sports;1,00;38;;;-2;não;d",
        ";Bota;Feminino;Erick Sports;1,00;39;;" + "X".repeat(61) + ";x;não;d",
        ";Outro;Feminino;Erick Sports;1,00;;;;1;não;d",
        ";Bota;Feminino;Erick Sports;1,00;40;;;1;não;d",
        "8;Vaso de Cerâmica;Magazine;Erick Magazine e Kids;1,00;;;;1;não;d",
        "8;Vaso de Cerâmica;Magazine;Erick Magazine e Kids;1,00;;;;2;não;d",
      ].join("\n"),
    );
    expect(errors).toEqual([
      { line: 2, message: "id: não existe produto com id 9." },
      { line: 3, message: "id: “0” não é um número de produto." },
      {
        line: 5,
        message:
          "categoria: “Masculino” é diferente da linha 4 (“Feminino”); as colunas do produto devem ser iguais em todas as suas linhas; preco: “1,50” é diferente da linha 4 (“1,00”); as colunas do produto devem ser iguais em todas as suas linhas; estoque: O estoque deve ser um número inteiro.",
      },
      { line: 6, message: "tamanho e cor: “Tam. 35 / Preto” já aparece na linha 4." },
      { line: 7, message: "tamanho: informe o tamanho, como nas outras linhas do produto." },
      {
        line: 8,
        message: expect.stringMatching(
          /^loja: “Loja X” não é uma das lojas \(Erick Calçados Barreiros, .*\); destaque: use “sim” ou “não”; nome: Nome é obrigatório; descricao: Descrição é obrigatória; preco: O preço não pode ser negativo; categoria: Selecione uma categoria; estoque: O estoque deve ser um número inteiro\.$/,
        ),
      },
      { line: 9, message: "esperadas 11 colunas, encontradas 2." },
      { line: 11, message: "estoque: O estoque não pode ser negativo." },
      { line: 12, message: "sku: Use no máximo 60 caracteres; estoque: O estoque deve ser um número inteiro." },
      { line: 14, message: "nome: o produto novo “Bota” já aparece nas linhas 11, 12; as linhas de um produto devem vir juntas." },
      { line: 16, message: "tamanho e cor: o produto não tem tamanhos nem cores e já tem a sua linha (linha 15)." },
    ]);
    // The spreadsheet's formula guard is undone on line 10.
    expect(valid.map((product) => [product.line, product.input.name])).toEqual([
      [10, "=Fórmula"],
      [13, "Outro"],
    ]);
  });

  it("reads the genero column as typed loosely, and names it in a refusal", () => {
    const { valid, errors } = validate(
      [
        "id;nome;categoria;loja;preco;estoque;descricao;Gênero",
        ";Boné;Sports;Erick Sports;29,90;3;Boné de aba curva.;masculino",
        ";Bola;Sports;Erick Sports;29,90;3;Bola oficial.;Menino",
        "8;Vaso de Cerâmica;Magazine;Erick Magazine e Kids;1,00;5;d;",
      ].join("\n"),
    );
    expect(errors).toEqual([{ line: 3, message: "genero: Escolha Feminino, Masculino, Unissex, Infantil ou deixe em branco." }]);
    expect(valid.map((product) => [product.line, product.input.gender])).toEqual([
      [2, "Masculino"],
      [4, ""],
    ]);
  });

  it("reads peso_g, altura_cm, largura_cm and comprimento_cm (empty: the category's default), naming the column in a refusal", () => {
    const { valid, errors } = validate(
      [
        "id;nome;categoria;loja;preco;estoque;descricao;peso_g;altura_cm;largura_cm;comprimento_cm",
        ";Boné;Sports;Erick Sports;29,90;3;Boné de aba curva.;120;10;;25",
        ";Bola;Sports;Erick Sports;29,90;3;Bola oficial.;0,4;;;",
      ].join("\n"),
    );
    expect(errors).toEqual([{ line: 3, message: "peso_g: Peso em gramas, um número inteiro (ex.: 800), ou vazio." }]);
    expect(valid.map((product) => [product.line, product.input.weightGrams, product.input.heightCm, product.input.widthCm, product.input.lengthCm])).toEqual([[2, 120, 10, null, 25]]);
  });

  it("a product with sizes needs the tamanho column", () => {
    expect(validate("id;nome;categoria;loja;preco;estoque\n7;A;Feminino;Erick Sports;1,00;1").errors).toEqual([
      { line: 2, message: "tamanho: o produto tem tamanhos (35, 36); o arquivo precisa da coluna “tamanho”, uma linha por tamanho; cor: o produto tem cores (Caramelo, Preto); o arquivo precisa da coluna “cor”, uma linha por cor." },
    ]);
  });

});
