import { Link } from "react-router";
import { useStorefront } from "~/components/layout/use-storefront";
import { ChatIcon, ChevronRightIcon, MapPinIcon, ShieldIcon, TagIcon } from "~/components/ui/icons";
import { shopPath } from "~/lib/pages/navigation";
import { FOUNDED_YEAR, SLOGAN } from "~/lib/group/settings";
import { WhatsAppPillLink } from "~/components/ui/whatsapp-pill-link";
import { withArticle } from "~/lib/stores/store-name";
import { greetingMessage, whatsappLink } from "~/lib/orders/whatsapp";

// The home page's sections around its featured products: what they show comes from the storefront
// layout's data, and nothing in them needs code in the browser (app/routes/storefront/home.tsx keeps
// them as the server wrote them).

const BENEFITS = [
  { icon: ShieldIcon, title: "Qualidade garantida", text: "Marcas de confiança e troca em até 15 dias." },
  { icon: TagIcon, title: "Melhores preços", text: "Preço justo e parcelamento sem juros." },
  { icon: ChatIcon, title: "Atendimento personalizado", text: "Gente que conhece você, na loja e no WhatsApp." },
  { icon: MapPinIcon, title: "Lojas em Barreiros e Sirinhaém", text: "Seis lojas perto de você para ver, provar e retirar." },
];

/** The opening: the group's name, slogan, and the ways in (products, WhatsApp). */
export function HomeHero() {
  const { settings } = useStorefront();
  const whatsapp = whatsappLink(settings.storeWhatsApp, greetingMessage(settings));
  return (
    <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
      <div className="container-page py-14 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">Desde {FOUNDED_YEAR}</p>
        <h1 className="mt-2 text-3xl font-black sm:text-5xl">Bem-vindo {withArticle("a", settings)}</h1>
        <p className="mt-4 max-w-xl text-lg text-brand-50">
          {SLOGAN} Calçados, variedades, artigos infantis e esportivos em Barreiros e Sirinhaém.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/produtos" className="rounded-full bg-white px-6 py-3 font-bold text-brand-700 hover:bg-brand-50">
            Ver Produtos
          </Link>
          <WhatsAppPillLink href={whatsapp} outlined>
            Falar no WhatsApp
          </WhatsAppPillLink>
        </div>
      </div>
    </section>
  );
}

/** The shops, why buy here, and the invitation to visit. */
export function HomeShopsAndVisit() {
  const { settings, shops } = useStorefront();
  const whatsapp = whatsappLink(settings.storeWhatsApp, greetingMessage(settings));
  return (
    <>
      <section className="bg-slate-50 py-12" aria-labelledby="nossas-lojas">
        <div className="container-page">
          <h2 id="nossas-lojas" className="text-2xl font-bold">
            Nossas Lojas
          </h2>
          <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {shops.map((shop) => (
              <Link
                key={shop.id}
                to={shopPath(shop.slug)}
                className="group flex flex-col rounded-xl border-t-4 bg-white p-5 shadow-sm hover:shadow-md"
                style={{ borderTopColor: shop.color }}
              >
                <h3 className="text-lg font-bold">{shop.name}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600">{shop.description}</p>
                <p className="mt-3 text-sm font-semibold italic" style={{ color: shop.color }}>
                  {shop.slogan}
                </p>
                <span className="mt-4 flex items-center gap-1 text-sm font-semibold text-slate-800 group-hover:underline">
                  Ver produtos <ChevronRightIcon className="h-4 w-4" />
                </span>
              </Link>
            ))}
          </div>
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="por-que">
        <h2 id="por-que" className="text-2xl font-bold">
          Por que escolher {withArticle("", settings)}?
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <Icon className="h-8 w-8 text-brand-600" />
              <h3 className="mt-3 font-bold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page" aria-labelledby="visite">
        <div className="rounded-2xl bg-slate-900 px-6 py-10 text-center text-white sm:px-12">
          <h2 id="visite" className="text-2xl font-bold">
            Visite Nossas Lojas
          </h2>
          <p className="mx-auto mt-2 max-w-lg text-slate-300">
            Venha conhecer nossas lojas em Barreiros e Sirinhaém, ou faça seu pedido sem sair de casa.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/lojas" className="rounded-full bg-white px-6 py-3 font-bold text-slate-900 hover:bg-slate-100">
              Ver Endereços
            </Link>
            <WhatsAppPillLink href={whatsapp}>Comprar pelo WhatsApp</WhatsAppPillLink>
          </div>
        </div>
      </section>
    </>
  );
}
