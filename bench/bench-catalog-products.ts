// The product generator of `npm run bench:catalog`: a large, realistic-looking catalogue (Portuguese
// product words × brands × colours in the 8 categories and 4 shops) that is the same for the same
// seed, so runs at the same size measure the same data.
import type { SeedProduct } from "#database/seed/products";
import { SEED_STORE_LOCATIONS } from "#database/seed/shops";
import { seededRandom } from "~/server/catalog/seeded-random.server";

type SizeKind = "women" | "men" | "kids-shoes" | "clothes" | "kids-clothes" | "none";

type Family = {
  subcategory: string;
  /** Product words; the first word of the name. */
  nouns: string[];
  /** Model words that follow the noun. */
  models: string[];
  brands: string[];
  materials: string[];
  sizes: SizeKind;
  /** Usual shelf price in reais, [low, high]. */
  price: [number, number];
};

type CategoryPlan = {
  category: SeedProduct["category"];
  shop: SeedProduct["shop"];
  gender: string;
  /** Share of the catalogue, in percent (the weights add up to 100). */
  weight: number;
  families: Family[];
};

const SHOE_MATERIALS = ["Couro sintético", "Couro legítimo", "Camurça", "Tecido", "Verniz"];

const PLANS: CategoryPlan[] = [
  {
    category: "Feminino", shop: "calcados", gender: "Feminino", weight: 20,
    families: [
      { subcategory: "Sandálias", nouns: ["Sandália", "Rasteira", "Tamanco", "Mule"], models: ["Trançada", "Salto Bloco", "Plataforma", "Tiras Finas", "Anabela", "Conforto"], brands: ["Moleca", "Beira Rio", "Vizzano", "Piccadilly", "Ramarim", "Via Marte"], materials: SHOE_MATERIALS, sizes: "women", price: [39, 189] },
      { subcategory: "Sapatos", nouns: ["Scarpin", "Sapatilha", "Mocassim", "Oxford"], models: ["Bico Fino", "Salto Médio", "Verniz", "Laço", "Clássico", "Matelassê"], brands: ["Usaflex", "Dakota", "Vizzano", "Beira Rio", "Bottero"], materials: SHOE_MATERIALS, sizes: "women", price: [59, 249] },
      { subcategory: "Botas", nouns: ["Bota", "Coturno", "Bota Western"], models: ["Cano Curto", "Cano Alto", "Tratorada", "Salto Bloco", "Zíper Lateral"], brands: ["Dakota", "Bottero", "Via Marte", "Ramarim"], materials: SHOE_MATERIALS, sizes: "women", price: [119, 349] },
      { subcategory: "Tênis", nouns: ["Tênis"], models: ["Casual Feminino", "Plataforma", "Slip On", "Chunky", "Knit Conforto"], brands: ["Vizzano", "Moleca", "Ramarim", "Olympikus"], materials: SHOE_MATERIALS, sizes: "women", price: [79, 259] },
    ],
  },
  {
    category: "Masculino", shop: "calcados", gender: "Masculino", weight: 15,
    families: [
      { subcategory: "Tênis", nouns: ["Tênis", "Sapatênis"], models: ["Casual Masculino", "Couro", "Street", "Urbano", "Slip On"], brands: ["Democrata", "Ferracini", "Pegada", "Freeway", "Kildare"], materials: SHOE_MATERIALS, sizes: "men", price: [99, 299] },
      { subcategory: "Sapatos", nouns: ["Sapato Social", "Mocassim", "Oxford", "Derby"], models: ["Clássico", "Bico Quadrado", "Couro Liso", "Executivo"], brands: ["Democrata", "Ferracini", "Pegada", "Kildare", "Rafarillo"], materials: SHOE_MATERIALS, sizes: "men", price: [129, 399] },
      { subcategory: "Chinelos", nouns: ["Chinelo", "Chinelo Slide", "Papete"], models: ["Conforto", "Tira Larga", "Praia", "Anatômico"], brands: ["Rider", "Havaianas", "Cartago", "Kenner"], materials: ["EVA", "Borracha", "Couro sintético"], sizes: "men", price: [19, 129] },
      { subcategory: "Botas", nouns: ["Bota", "Botina", "Coturno"], models: ["Adventure", "Cano Curto", "Couro Legítimo", "Trabalho"], brands: ["Pegada", "Ferracini", "Kildare"], materials: SHOE_MATERIALS, sizes: "men", price: [159, 399] },
    ],
  },
  {
    category: "Infantil", shop: "calcados", gender: "Infantil", weight: 12,
    families: [
      { subcategory: "Tênis", nouns: ["Tênis Infantil"], models: ["Luzinha", "Velcro", "Escolar", "Colorido", "Leve"], brands: ["Klin", "Bibi", "Pampili", "Molekinho", "Kidy"], materials: ["Tecido", "Couro sintético", "Lona"], sizes: "kids-shoes", price: [49, 179] },
      { subcategory: "Sandálias", nouns: ["Sandália Infantil", "Papete Infantil", "Chinelo Infantil"], models: ["Glitter", "Velcro", "Laço", "Bichinhos", "Conforto"], brands: ["Pampili", "Grendene Kids", "Klin", "Molekinha"], materials: ["EVA", "Couro sintético", "Borracha"], sizes: "kids-shoes", price: [29, 129] },
      { subcategory: "Sapatos", nouns: ["Sapatilha Infantil", "Sapato Infantil", "Bota Infantil"], models: ["Verniz", "Boneca", "Escolar", "Festa"], brands: ["Bibi", "Pampili", "Klin"], materials: ["Verniz", "Couro sintético"], sizes: "kids-shoes", price: [59, 169] },
    ],
  },
  {
    category: "Esportivo", shop: "sports", gender: "Unissex", weight: 10,
    families: [
      { subcategory: "Corrida", nouns: ["Tênis de Corrida", "Tênis Esportivo"], models: ["Amortecimento", "Performance", "Treino", "Maratona", "Leve"], brands: ["Olympikus", "Mizuno", "Fila", "Asics", "Penalty"], materials: ["Mesh", "Tecido", "Knit"], sizes: "men", price: [149, 499] },
      { subcategory: "Futebol", nouns: ["Chuteira", "Chuteira Society", "Chuteira Futsal"], models: ["Campo", "Trava Baixa", "Pro", "Infantil", "Elite"], brands: ["Penalty", "Topper", "Umbro", "Kappa"], materials: ["Couro sintético", "Tecido"], sizes: "men", price: [89, 399] },
      { subcategory: "Roupas", nouns: ["Camisa", "Bermuda", "Calça", "Jaqueta Corta-Vento"], models: ["Dry Fit", "Treino", "Térmica", "Esportiva"], brands: ["Penalty", "Topper", "Umbro", "Fila", "Olympikus"], materials: ["Poliéster", "Algodão", "Elastano"], sizes: "clothes", price: [39, 229] },
    ],
  },
  {
    category: "Sports", shop: "sports", gender: "Unissex", weight: 10,
    families: [
      { subcategory: "Bolas", nouns: ["Bola de Futebol", "Bola de Vôlei", "Bola de Basquete", "Bola de Futsal"], models: ["Oficial", "Campo", "Praia", "Treino", "Costurada"], brands: ["Penalty", "Topper", "Mikasa", "Wilson", "Spalding"], materials: ["PU", "PVC", "Borracha"], sizes: "none", price: [49, 299] },
      { subcategory: "Acessórios", nouns: ["Garrafa Squeeze", "Mochila Esportiva", "Luva de Goleiro", "Corda de Pular", "Caneleira", "Meião"], models: ["Térmica", "Pro", "Treino", "Ajustável", "Reforçada"], brands: ["Penalty", "Poker", "Kanxa", "Speedo", "Adams"], materials: ["Poliéster", "Alumínio", "Neoprene", "Nylon"], sizes: "none", price: [15, 189] },
      { subcategory: "Fitness", nouns: ["Halter", "Tapete de Yoga", "Caneleira de Peso", "Elástico Extensor"], models: ["Emborrachado", "Antiderrapante", "Kit", "Profissional"], brands: ["Kanxa", "Poker", "Acte"], materials: ["Ferro", "EVA", "Látex"], sizes: "none", price: [25, 259] },
    ],
  },
  {
    category: "Variedades", shop: "variedades", gender: "Unissex", weight: 15,
    families: [
      { subcategory: "Cama, mesa e banho", nouns: ["Jogo de Cama", "Toalha de Banho", "Jogo de Toalhas", "Edredom", "Toalha de Mesa"], models: ["Casal", "Solteiro", "Queen", "Algodão Egípcio", "Estampado", "Liso"], brands: ["Santista", "Buddemeyer", "Karsten", "Döhler", "Teka"], materials: ["Algodão", "Microfibra", "Percal"], sizes: "none", price: [29, 349] },
      { subcategory: "Cozinha", nouns: ["Panela", "Jogo de Panelas", "Frigideira", "Jogo de Copos", "Garrafa Térmica", "Pote Hermético"], models: ["Antiaderente", "Inox", "Cerâmica", "Vidro", "Kit 5 Peças"], brands: ["Tramontina", "Rochedo", "Nadir", "Invicta", "Electrolux"], materials: ["Alumínio", "Inox", "Vidro", "Plástico"], sizes: "none", price: [19, 399] },
      { subcategory: "Bolsas", nouns: ["Bolsa", "Bolsa Transversal", "Carteira", "Mochila", "Necessaire"], models: ["Tiracolo", "Sacola", "Matelassê", "Couro", "Casual"], brands: ["Chenson", "Santa Lolla", "Petite Jolie", "Capodarte"], materials: ["Couro sintético", "Nylon", "Lona"], sizes: "none", price: [39, 299] },
      { subcategory: "Acessórios", nouns: ["Relógio", "Óculos de Sol", "Cinto", "Boné", "Guarda-chuva"], models: ["Digital", "Clássico", "Aviador", "Couro", "Dobrável"], brands: ["Mondaine", "Technos", "Chilli Beans", "Oakley"], materials: ["Metal", "Acetato", "Couro"], sizes: "none", price: [19, 399] },
    ],
  },
  {
    category: "Magazine", shop: "kids", gender: "Unissex", weight: 8,
    families: [
      { subcategory: "Decoração", nouns: ["Quadro Decorativo", "Luminária", "Porta-retrato", "Almofada", "Tapete", "Vaso"], models: ["Infantil", "Estrelas", "Nuvem", "Safári", "Arco-íris"], brands: ["Erick Magazine", "Mart", "Tok Decor"], materials: ["MDF", "Tecido", "Cerâmica", "Plástico"], sizes: "none", price: [19, 199] },
      { subcategory: "Papelaria", nouns: ["Mochila Escolar", "Estojo", "Lancheira", "Kit Escolar"], models: ["Rodinhas", "Personagens", "Térmica", "Completo"], brands: ["Dermiwil", "Pacific", "Faber-Castell", "Tilibra"], materials: ["Poliéster", "Nylon", "Plástico"], sizes: "none", price: [15, 249] },
    ],
  },
  {
    category: "Kids", shop: "kids", gender: "Infantil", weight: 10,
    families: [
      { subcategory: "Brinquedos", nouns: ["Boneca", "Carrinho", "Quebra-cabeça", "Blocos de Montar", "Pelúcia", "Jogo de Tabuleiro"], models: ["Educativo", "Controle Remoto", "100 Peças", "Musical", "Gigante"], brands: ["Estrela", "Grow", "Hot Wheels", "Baby Alive", "Xalingo", "Lego"], materials: ["Plástico", "Pelúcia", "Madeira", "Papelão"], sizes: "none", price: [19, 399] },
      { subcategory: "Roupas", nouns: ["Conjunto Infantil", "Vestido Infantil", "Pijama Infantil", "Camiseta Infantil", "Macacão"], models: ["Estampado", "Moletom", "Algodão", "Verão", "Personagens"], brands: ["Malwee Kids", "Hering Kids", "Kyly", "Brandili", "Marisol"], materials: ["Algodão", "Moletom", "Malha"], sizes: "kids-clothes", price: [29, 169] },
    ],
  },
];

const COLORS = ["Preto", "Branco", "Marrom", "Caramelo", "Nude", "Vermelho", "Azul", "Azul-marinho", "Rosa", "Cinza", "Verde", "Bege", "Off-white", "Lilás", "Amarelo", "Café", "Prata", "Colorido"];

const SIZES: Record<SizeKind, string[]> = {
  women: ["33", "34", "35", "36", "37", "38", "39", "40"],
  men: ["37", "38", "39", "40", "41", "42", "43", "44"],
  "kids-shoes": ["18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32", "33", "34"],
  clothes: ["PP", "P", "M", "G", "GG", "XG"],
  "kids-clothes": ["1", "2", "4", "6", "8", "10", "12", "14"],
  none: [],
};

const PHRASES = [
  "Acabamento caprichado e ótimo custo-benefício.",
  "Confortável para o dia todo.",
  "Ideal para presentear.",
  "Fácil de limpar e de guardar.",
  "Produto original com garantia do fabricante.",
  "Disponível nas lojas de Barreiros e Sirinhaém.",
  "Leve e resistente para o uso diário.",
];

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** `count` distinct items, in their original order. */
function pickSome<T>(random: () => number, items: readonly T[], count: number): T[] {
  const chosen = new Set<number>();
  const wanted = Math.min(count, items.length);
  while (chosen.size < wanted) chosen.add(Math.floor(random() * items.length));
  return [...chosen].sort((a, b) => a - b).map((index) => items[index]!);
}

/** Reais in [low, high] ending in ,90 or ,99 (how shops price), in centavos. */
function shelfPrice(random: () => number, [low, high]: [number, number]): number {
  const reais = low + Math.floor(random() * (high - low + 1));
  return reais * 100 + (random() < 0.7 ? 90 : 99);
}

function sizesFor(random: () => number, kind: SizeKind): string[] {
  const all = SIZES[kind];
  if (all.length === 0) return [];
  // A contiguous run of the grid, as a shop stocks a model: at least 3 sizes.
  const length = Math.min(all.length, 3 + Math.floor(random() * (all.length - 2)));
  const start = Math.floor(random() * (all.length - length + 1));
  return all.slice(start, start + length);
}

const LOCATIONS_BY_SHOP = new Map<string, string[]>();
for (const location of SEED_STORE_LOCATIONS) {
  LOCATIONS_BY_SHOP.set(location.shop, [...(LOCATIONS_BY_SHOP.get(location.shop) ?? []), location.slug]);
}

const TOTAL_WEIGHT = PLANS.reduce((sum, plan) => sum + plan.weight, 0);

function pickPlan(random: () => number): CategoryPlan {
  let ticket = random() * TOTAL_WEIGHT;
  for (const plan of PLANS) {
    ticket -= plan.weight;
    if (ticket < 0) return plan;
  }
  return PLANS[PLANS.length - 1]!;
}

function generateProduct(random: () => number): SeedProduct {
  const plan = pickPlan(random);
  const family = pick(random, plan.families);
  const noun = pick(random, family.nouns);
  const model = pick(random, family.models);
  const brand = pick(random, family.brands);
  const colors = pickSome(random, COLORS, 1 + Math.floor(random() * 3));
  const material = pick(random, family.materials);
  const name = `${noun} ${model} ${brand} ${colors[0]}`;
  const description = `${noun} ${model.toLowerCase()} da ${brand} em ${material.toLowerCase()}. ${pick(random, PHRASES)} ${pick(random, PHRASES)}`;

  const consult = random() < 0.1;
  const discounted = random() < 0.15;
  const priceCents = consult ? null : shelfPrice(random, family.price);
  const markup = 1.1 + random() * 0.4;
  const oldPriceCents =
    priceCents !== null && discounted ? Math.ceil((priceCents * markup) / 1000) * 1000 - 10 : null;

  const outOfStock = random() < 0.08;
  const stock = outOfStock ? 0 : 1 + Math.floor(random() * 60);
  const featured = random() < 0.005;
  const sizes = sizesFor(random, family.sizes);
  const locations = LOCATIONS_BY_SHOP.get(plan.shop) ?? [];
  const location = locations.length ? pick(random, locations) : null;

  return {
    name,
    description,
    category: plan.category,
    subcategory: family.subcategory,
    shop: plan.shop,
    location,
    brand,
    material,
    gender: plan.gender,
    priceCents,
    oldPriceCents,
    sizes,
    colors,
    stock,
    featured,
  };
}

/** `count` products, the same ones for the same seed. */
export function* generateBenchProducts(count: number, seed: number): Generator<SeedProduct> {
  const random = seededRandom(seed);
  for (let index = 0; index < count; index += 1) yield generateProduct(random);
}
