import { HeartIcon } from "~/components/ui/icons";
import { useFavorite } from "./use-favorite";

export function FavoriteButton({ productId }: { productId: number }) {
  const [favorite, toggle] = useFavorite(productId);
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={favorite}
      aria-label={favorite ? "Remover dos favoritos" : "Adicionar aos favoritos"}
      title={favorite ? "Remover dos favoritos" : "Adicionar aos favoritos"}
      className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border ${
        favorite ? "border-brand-600 bg-brand-50 text-brand-600" : "border-slate-300 text-slate-700 hover:border-slate-500"
      }`}
    >
      <HeartIcon filled={favorite} className="h-5 w-5" />
    </button>
  );
}
