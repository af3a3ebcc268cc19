import type { MetaDescriptor } from "react-router";

/** An admin page's tags: one title pattern ("Pedidos | Painel Erick"), never indexed. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Painel Erick` }, { name: "robots", content: "noindex" }];
}
