/** The 20 sample products of the demo catalogue. Prices in centavos; null = "Consultar Preço". */

export type SeedProduct = {
  name: string;
  description: string;
  category: string;
  subcategory: string;
  shop: "calcados" | "variedades" | "kids" | "sports";
  location: string | null;
  brand: string;
  material: string;
  gender: string;
  priceCents: number | null;
  oldPriceCents: number | null;
  sizes: string[];
  colors: string[];
  stock: number;
  featured: boolean;
};

const womenSizes = ["34", "35", "36", "37", "38", "39"];
const menSizes = ["38", "39", "40", "41", "42", "43", "44"];

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    name: "Sandália Rasteira Trançada",
    description: "Rasteira feminina com tiras trançadas em couro sintético e palmilha macia. Confortável para o dia todo.",
    category: "Feminino", subcategory: "Sandálias", shop: "calcados", location: "barreiros-calcados",
    brand: "Moleca", material: "Couro sintético", gender: "Feminino",
    priceCents: 5990, oldPriceCents: 7990, sizes: womenSizes, colors: ["Caramelo", "Preto", "Branco"], stock: 25, featured: true,
  },
  {
    name: "Tênis Casual Masculino em Couro",
    description: "Tênis casual de couro legítimo com solado de borracha antiderrapante. Combina com jeans e bermuda.",
    category: "Masculino", subcategory: "Tênis", shop: "calcados", location: "barreiros-calcados",
    brand: "Democrata", material: "Couro legítimo", gender: "Masculino",
    priceCents: 18990, oldPriceCents: null, sizes: menSizes, colors: ["Preto", "Marrom"], stock: 12, featured: true,
  },
  {
    name: "Scarpin Salto Médio Verniz",
    description: "Scarpin de bico fino em verniz com salto médio de 6 cm. Elegante para o trabalho e para festas.",
    category: "Feminino", subcategory: "Sapatos", shop: "calcados", location: "sirinhaem-calcados",
    brand: "Beira Rio", material: "Verniz", gender: "Feminino",
    priceCents: 12990, oldPriceCents: 15990, sizes: womenSizes, colors: ["Nude", "Preto", "Vermelho"], stock: 8, featured: false,
  },
  {
    name: "Bota Cano Curto Feminina",
    description: "Bota de cano curto com zíper lateral e salto bloco de 4 cm. Forro macio e palmilha acolchoada.",
    category: "Feminino", subcategory: "Botas", shop: "calcados", location: "barreiros-calcados",
    brand: "Vizzano", material: "Couro sintético", gender: "Feminino",
    priceCents: null, oldPriceCents: null, sizes: womenSizes, colors: ["Preto", "Café"], stock: 5, featured: false,
  },
  {
    name: "Chinelo Slide Masculino",
    description: "Chinelo slide com tira larga acolchoada e solado anatômico. Ideal para o dia a dia e para a praia.",
    category: "Masculino", subcategory: "Chinelos", shop: "calcados", location: "sirinhaem-calcados",
    brand: "Rider", material: "EVA", gender: "Masculino",
    priceCents: 3990, oldPriceCents: null, sizes: ["37", "38", "39", "40", "41", "42", "43", "44"], colors: ["Preto", "Azul-marinho"], stock: 40, featured: false,
  },
  {
    name: "Sapatênis Infantil com Velcro",
    description: "Sapatênis infantil com fechamento em velcro, fácil de calçar, e solado flexível que acompanha o pé.",
    category: "Infantil", subcategory: "Tênis", shop: "calcados", location: "barreiros-calcados",
    brand: "Klin", material: "Lona", gender: "Unissex",
    priceCents: 7990, oldPriceCents: null, sizes: ["24", "25", "26", "27", "28", "29", "30", "31", "32", "33"], colors: ["Azul", "Cinza"], stock: 15, featured: true,
  },
  {
    name: "Sandália Infantil com Luzinha",
    description: "Sandália infantil que acende luzinhas a cada passo. Tiras ajustáveis e palmilha macia.",
    category: "Infantil", subcategory: "Sandálias", shop: "calcados", location: "sirinhaem-calcados",
    brand: "Grendene Kids", material: "PVC", gender: "Feminino",
    priceCents: 6990, oldPriceCents: 8990, sizes: ["22", "23", "24", "25", "26", "27", "28", "29", "30"], colors: ["Rosa", "Lilás"], stock: 0, featured: false,
  },
  {
    name: "Sapato Social Masculino Derby",
    description: "Sapato social derby em couro com cadarço e solado de borracha. Para casamentos, formaturas e o escritório.",
    category: "Masculino", subcategory: "Sapatos", shop: "calcados", location: "barreiros-calcados",
    brand: "Ferracini", material: "Couro legítimo", gender: "Masculino",
    priceCents: 21990, oldPriceCents: null, sizes: menSizes, colors: ["Preto", "Marrom"], stock: 6, featured: false,
  },
  {
    name: "Tênis de Corrida com Amortecimento",
    description: "Tênis de corrida com cabedal em malha respirável e entressola com amortecimento para treinos longos.",
    category: "Esportivo", subcategory: "Corrida", shop: "sports", location: "sports",
    brand: "Olympikus", material: "Tecido respirável", gender: "Unissex",
    priceCents: 29990, oldPriceCents: 34990, sizes: ["37", "38", "39", "40", "41", "42", "43", "44"], colors: ["Preto", "Cinza"], stock: 10, featured: true,
  },
  {
    name: "Chuteira Society",
    description: "Chuteira society com cabedal sintético e solado de borracha com cravos baixos para grama sintética.",
    category: "Esportivo", subcategory: "Futebol", shop: "sports", location: "sports",
    brand: "Penalty", material: "Sintético", gender: "Masculino",
    priceCents: 15990, oldPriceCents: null, sizes: ["36", "37", "38", "39", "40", "41", "42", "43", "44"], colors: ["Preto", "Laranja"], stock: 9, featured: false,
  },
  {
    name: "Bola de Futebol de Campo",
    description: "Bola de futebol de campo costurada à máquina, tamanho oficial, com câmara de butil.",
    category: "Sports", subcategory: "Bolas", shop: "sports", location: "sports",
    brand: "Penalty", material: "PU", gender: "Unissex",
    priceCents: 9990, oldPriceCents: null, sizes: [], colors: ["Branco", "Azul"], stock: 20, featured: false,
  },
  {
    name: "Garrafa Térmica Esportiva 1 L",
    description: "Garrafa térmica de aço inoxidável que mantém a água gelada por até 12 horas. Tampa com bico.",
    category: "Sports", subcategory: "Acessórios", shop: "sports", location: "sports",
    brand: "Erick Sports", material: "Aço inoxidável", gender: "Unissex",
    priceCents: 4990, oldPriceCents: null, sizes: [], colors: ["Preto", "Rosa"], stock: 0, featured: false,
  },
  {
    name: "Jogo de Panelas Antiaderente 5 Peças",
    description: "Jogo com 5 panelas antiaderentes, tampas de vidro e cabos que não esquentam. Serve em todos os fogões a gás.",
    category: "Variedades", subcategory: "Cozinha", shop: "variedades", location: "barreiros-variedades",
    brand: "Tramontina", material: "Alumínio antiaderente", gender: "",
    priceCents: 24990, oldPriceCents: 29990, sizes: [], colors: ["Vermelho", "Preto"], stock: 4, featured: true,
  },
  {
    name: "Bolsa Transversal Feminina",
    description: "Bolsa transversal com alça regulável, bolso interno com zíper e acabamento em couro sintético.",
    category: "Variedades", subcategory: "Bolsas", shop: "variedades", location: "sirinhaem-variedades",
    brand: "Chenson", material: "Couro sintético", gender: "Feminino",
    priceCents: 8990, oldPriceCents: null, sizes: [], colors: ["Preto", "Caramelo", "Off-white"], stock: 14, featured: false,
  },
  {
    name: "Jogo de Toalhas de Banho 4 Peças",
    description: "Jogo com 2 toalhas de banho e 2 de rosto em algodão macio e absorvente.",
    category: "Variedades", subcategory: "Cama, mesa e banho", shop: "variedades", location: "barreiros-variedades",
    brand: "Santista", material: "Algodão", gender: "",
    priceCents: null, oldPriceCents: null, sizes: [], colors: ["Branco", "Azul", "Bege"], stock: 10, featured: false,
  },
  {
    name: "Relógio Digital Unissex",
    description: "Relógio digital resistente à água, com cronômetro, alarme e luz de fundo.",
    category: "Variedades", subcategory: "Acessórios", shop: "variedades", location: "sirinhaem-variedades",
    brand: "Mormaii", material: "Silicone", gender: "Unissex",
    priceCents: 7990, oldPriceCents: null, sizes: [], colors: ["Preto", "Prata"], stock: 11, featured: false,
  },
  {
    name: "Boneca de Pano Artesanal",
    description: "Boneca de pano feita à mão por artesãs de Pernambuco, com vestido de chita e cabelo de lã.",
    category: "Kids", subcategory: "Brinquedos", shop: "kids", location: "magazine-e-kids",
    brand: "Artesanato PE", material: "Tecido", gender: "Infantil",
    priceCents: 4590, oldPriceCents: null, sizes: [], colors: ["Colorido"], stock: 7, featured: false,
  },
  {
    name: "Carrinho de Controle Remoto",
    description: "Carrinho de controle remoto com bateria recarregável, faróis de LED e alcance de 30 metros.",
    category: "Kids", subcategory: "Brinquedos", shop: "kids", location: "magazine-e-kids",
    brand: "Candide", material: "Plástico", gender: "Infantil",
    priceCents: 14990, oldPriceCents: 17990, sizes: [], colors: ["Vermelho", "Azul"], stock: 3, featured: true,
  },
  {
    name: "Kit Decoração de Quarto Infantil",
    description: "Kit com luminária de mesa e três quadros decorativos com temas infantis.",
    category: "Magazine", subcategory: "Decoração", shop: "kids", location: "magazine-e-kids",
    brand: "Erick Magazine", material: "MDF", gender: "Infantil",
    priceCents: null, oldPriceCents: null, sizes: [], colors: ["Azul", "Rosa"], stock: 2, featured: false,
  },
  {
    name: "Conjunto Infantil de Moletom",
    description: "Conjunto de blusa e calça em moletom flanelado, quentinho e macio para os dias frios.",
    category: "Kids", subcategory: "Roupas", shop: "kids", location: "magazine-e-kids",
    brand: "Malwee Kids", material: "Moletom", gender: "Unissex",
    priceCents: 11990, oldPriceCents: null, sizes: ["2", "4", "6", "8", "10"], colors: ["Azul", "Rosa", "Cinza"], stock: 18, featured: false,
  },
];
