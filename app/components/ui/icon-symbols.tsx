// The shapes of every icon, drawn once per page as <symbol>s (rendered by the server, entry.server.tsx)
// and shown by `<use>` (./icons.tsx). Only the server imports this file: the browser keeps the page's.

/**
 * filled: painted with the text colour; outline: stroked with it; outline-fillable: stroked, and
 * filled by the icon that shows it (`fill` on its <svg>, inherited through <use>), as a favourite
 * heart or a rating's stars.
 */
type IconStyle = "filled" | "outline" | "outline-fillable";

const ICONS = {
  whatsapp: { style: "filled", shapes: <path d="M12.04 2a9.9 9.9 0 0 0-8.5 15l-1.4 5 5.2-1.4A9.9 9.9 0 1 0 12.04 2Zm0 18.1a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3.1.8.8-3-.2-.3a8.2 8.2 0 1 1 7 3.8Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" /> },
  cart: {
    style: "outline",
    shapes: (
      <>
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2.5 3h2.6l2.3 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7H6" />
      </>
    ),
  },
  user: {
    style: "outline",
    shapes: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21a8 8 0 0 1 16 0" />
      </>
    ),
  },
  search: {
    style: "outline",
    shapes: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </>
    ),
  },
  menu: { style: "outline", shapes: <path d="M4 6h16M4 12h16M4 18h16" /> },
  close: { style: "outline", shapes: <path d="M6 6l12 12M18 6 6 18" /> },
  phone: { style: "outline", shapes: <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2Z" /> },
  mail: {
    style: "outline",
    shapes: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" />
      </>
    ),
  },
  instagram: {
    style: "outline",
    shapes: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
      </>
    ),
  },
  facebook: { style: "filled", shapes: <path d="M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.2A22 22 0 0 0 14.6 2C12.2 2 10.6 3.5 10.6 6.1v2.4H8v3.3h2.6V22H14V11.8h2.7l.4-3.3Z" /> },
  "map-pin": {
    style: "outline",
    shapes: (
      <>
        <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Z" />
        <circle cx="12" cy="10" r="2.5" />
      </>
    ),
  },
  clock: {
    style: "outline",
    shapes: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </>
    ),
  },
  heart: { style: "outline-fillable", shapes: <path d="M12 20.5s-7.5-4.4-9.4-9.2C1.4 8.2 3.3 4.5 6.8 4.5c2 0 3.4 1.1 5.2 3 1.8-1.9 3.2-3 5.2-3 3.5 0 5.4 3.7 4.2 6.8-1.9 4.8-9.4 9.2-9.4 9.2Z" /> },
  star: { style: "outline-fillable", shapes: <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z" /> },
  share: {
    style: "outline",
    shapes: (
      <>
        <circle cx="18" cy="5" r="2.5" />
        <circle cx="6" cy="12" r="2.5" />
        <circle cx="18" cy="19" r="2.5" />
        <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
      </>
    ),
  },
  truck: {
    style: "outline",
    shapes: (
      <>
        <path d="M2 6h11v10H2zM13 10h4.5l3.5 3.5V16h-8" />
        <circle cx="6.5" cy="17.5" r="1.8" />
        <circle cx="17" cy="17.5" r="1.8" />
      </>
    ),
  },
  shield: {
    style: "outline",
    shapes: (
      <>
        <path d="M12 2.5 4 5.5v6c0 5 3.4 9 8 10.5 4.6-1.5 8-5.5 8-10.5v-6Z" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </>
    ),
  },
  tag: {
    style: "outline",
    shapes: (
      <>
        <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
        <circle cx="7.5" cy="7.5" r="1.5" />
      </>
    ),
  },
  chat: { style: "outline", shapes: <path d="M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12Z" /> },
  store: { style: "outline", shapes: <path d="M3 9.5 4.5 4h15L21 9.5M3 9.5h18M3 9.5a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12.5V20h14v-7.5" /> },
  minus: { style: "outline", shapes: <path d="M5 12h14" /> },
  plus: { style: "outline", shapes: <path d="M12 5v14M5 12h14" /> },
  trash: { style: "outline", shapes: <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" /> },
  pencil: {
    style: "outline",
    shapes: (
      <>
        <path d="M4 20h4L19 9l-4-4L4 16Z" />
        <path d="m13.5 6.5 4 4" />
      </>
    ),
  },
  filter: { style: "outline", shapes: <path d="M3 5h18l-7 8.5V19l-4 2v-7.5Z" /> },
  "chevron-right": { style: "outline", shapes: <path d="m9 6 6 6-6 6" /> },
  directions: {
    style: "outline",
    shapes: (
      <>
        <path d="M12 2 2 12l10 10 10-10Z" />
        <path d="M9 13v-2h5V9l3 3-3 3v-2" />
      </>
    ),
  },
} satisfies Record<string, { style: IconStyle; shapes: React.ReactNode }>;

export type IconName = keyof typeof ICONS;

function paint(style: IconStyle) {
  if (style === "filled") return { fill: "currentColor", stroke: "none" };
  return {
    fill: style === "outline" ? "none" : undefined,
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
}

/** Every icon as a <symbol id="icon-…">, for the page's sprite. */
export function IconSymbols() {
  return (
    <>
      {Object.entries(ICONS).map(([name, { style, shapes }]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <g {...paint(style)}>{shapes}</g>
        </symbol>
      ))}
    </>
  );
}
