import { Link } from "react-router";
import { pageMeta } from "~/lib/pages/meta";

export function loader() {
  throw new Response("Página não encontrada", { status: 404 });
}

export function meta() {
  return pageMeta({ title: "Página não encontrada", description: "O endereço que você abriu não existe." });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">Página não encontrada</h1>
      <p className="mt-3 text-slate-600">O endereço que você abriu não existe ou foi removido.</p>
      <Link to="/produtos" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
        Ver produtos
      </Link>
    </div>
  );
}
