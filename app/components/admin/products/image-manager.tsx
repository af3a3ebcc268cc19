import { useEffect, useId, useState } from "react";
import { ChevronRightIcon, TrashIcon } from "~/components/ui/icons";
import type { ImageRef } from "~/lib/catalog/catalog";
import { imageUrl } from "~/lib/catalog/images";
import { useMediaUrl } from "~/components/product/media-url";
import { IMAGE_ACCEPT, IMAGE_HINT, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "~/lib/catalog/product.schema";
import { IMAGE_FIELDS } from "~/lib/catalog/product-form-fields";
import { photoThumbnail } from "./photo-thumbnail";

export type ImageItem =
  | { id: string; kind: "stored"; image: ImageRef }
  | { id: string; kind: "new"; file: File };

const ACCEPTED_TYPES = IMAGE_ACCEPT.split(",");
let nextId = 0;

/**
 * The product's pictures: add several files, remove, reorder (the first is the cover). A quick check
 * here (type by the file's name, size, count) saves a wasted upload; the server decides by content.
 */
export function ImageManager({
  items,
  onChange,
  error,
}: {
  items: ImageItem[];
  onChange: (items: ImageItem[]) => void;
  error?: string;
}) {
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);

  function addFiles(files: File[]) {
    const found: string[] = [];
    const added: ImageItem[] = [];
    for (const file of files) {
      if (!ACCEPTED_TYPES.includes(file.type)) {
        found.push(`“${file.name}”: formato não aceito. Envie PNG, JPG ou WEBP.`);
      } else if (file.size > MAX_IMAGE_BYTES) {
        found.push(`“${file.name}” tem mais de 5 MB.`);
      } else if (items.length + added.length >= MAX_PRODUCT_IMAGES) {
        found.push(`No máximo ${MAX_PRODUCT_IMAGES} imagens por produto: “${file.name}” ficou de fora.`);
      } else {
        nextId += 1;
        added.push({ id: `new-${nextId}`, kind: "new", file });
      }
    }
    setProblems(found);
    if (added.length) onChange([...items, ...added]);
  }

  function move(index: number, by: -1 | 1) {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    onChange(next);
  }

  function remove(index: number) {
    onChange(items.filter((_, position) => position !== index));
  }

  const messages = [...(error ? [error] : []), ...problems];
  return (
    // One value whether or not there are errors: both elements are always rendered.
    <fieldset aria-describedby={`${id}-hint ${id}-error`}>
      <legend className="text-sm font-semibold text-slate-800">Imagens</legend>
      <input type="hidden" name={IMAGE_FIELDS.sent} value="1" />
      {items.map((item) =>
        item.kind === "stored" ? <input key={item.id} type="hidden" name={IMAGE_FIELDS.order} value={`k:${item.image.key}`} /> : null,
      )}
      <label className="mt-1 flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-100">
        <span className="font-semibold text-brand-700">Escolher imagens</span>
        <span id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {IMAGE_HINT} · até {MAX_PRODUCT_IMAGES} imagens · a primeira é a capa
        </span>
        <input
          type="file"
          name={IMAGE_FIELDS.newImages}
          accept={IMAGE_ACCEPT}
          multiple
          className="sr-only"
          onChange={(event) => {
            addFiles([...(event.target.files ?? [])]);
            // The chosen files now live in the list below; the input is emptied for the next choice.
            event.target.value = "";
          }}
        />
      </label>
      <ul id={`${id}-error`} className="mt-2 space-y-1 text-sm font-medium text-red-700 empty:hidden" role="alert">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      {items.length ? (
        <ImageList items={items} onMove={move} onRemove={remove} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">Nenhuma imagem ainda.</p>
      )}
    </fieldset>
  );
}

/** A chosen file not uploaded yet, shown from a thumbnail made in the browser. */
function NewImagePreview({ file, alt }: { file: File; alt: string }) {
  const [preview, setPreview] = useState<{ file: File; url: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    void photoThumbnail(file).then((url) => {
      if (current) setPreview({ file, url });
    });
    return () => {
      current = false;
    };
  }, [file]);

  const url = preview?.file === file ? preview.url : undefined;
  if (url) return <img src={url} alt={alt} className="aspect-square w-full object-cover" />;
  return (
    <div role="img" aria-label={alt} className="flex aspect-square w-full items-center justify-center bg-slate-100 p-2 text-center text-xs text-slate-600">
      {url === null ? "Sem pré-visualização" : "Carregando…"}
    </div>
  );
}

/** The pictures in order, the first marked as the cover, each with its move and remove buttons. */
function ImageList({ items, onMove, onRemove }: { items: ImageItem[]; onMove: (index: number, by: -1 | 1) => void; onRemove: (index: number) => void }) {
  const mediaUrl = useMediaUrl();
  return (
    <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Imagens do produto">
      {items.map((item, index) => (
        <li key={item.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="product-image-item">
          <div className="relative">
            {item.kind === "stored" ? (
              <img src={imageUrl(item.image, item.image.widths[0] ?? 320, mediaUrl)} alt={`Imagem ${index + 1}`} className="aspect-square w-full object-cover" />
            ) : (
              <NewImagePreview file={item.file} alt={`Imagem ${index + 1}`} />
            )}
            {index === 0 ? <span className="absolute left-1 top-1 rounded bg-slate-900 px-2 py-0.5 text-xs font-bold text-white">Capa</span> : null}
            {item.kind === "new" ? <span className="absolute right-1 top-1 rounded bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">Nova</span> : null}
          </div>
          <div className="flex items-center justify-between gap-1 p-1">
            <button
              type="button"
              onClick={() => onMove(index, -1)}
              disabled={index === 0}
              aria-label={`Mover imagem ${index + 1} para antes`}
              className="rounded p-2 hover:bg-slate-100 disabled:opacity-30"
            >
              <ChevronRightIcon className="h-4 w-4 rotate-180" />
            </button>
            <button
              type="button"
              onClick={() => onRemove(index)}
              aria-label={`Remover imagem ${index + 1}`}
              className="rounded p-2 text-red-700 hover:bg-red-50"
            >
              <TrashIcon className="h-4 w-4" />
            </button>
            <button
              type="button"
              onClick={() => onMove(index, 1)}
              disabled={index === items.length - 1}
              aria-label={`Mover imagem ${index + 1} para depois`}
              className="rounded p-2 hover:bg-slate-100 disabled:opacity-30"
            >
              <ChevronRightIcon className="h-4 w-4" />
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
