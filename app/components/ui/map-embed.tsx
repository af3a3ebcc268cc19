import { useState } from "react";
import { MapPinIcon } from "./icons";
import { mapEmbedUrl } from "~/lib/pages/map-links";

/**
 * A map that loads only when asked: the page never waits on the maps provider, and phones on 3G do not
 * download a map nobody looks at.
 */
export function MapEmbed({ lat, lng, title, height = 200 }: { lat: number; lng: number; title: string; height?: number }) {
  const [loaded, setLoaded] = useState(false);
  if (loaded) {
    return (
      <iframe
        // It takes the place of the button just pressed: the focus goes with it, not back to the page's top.
        ref={(frame) => frame?.focus()}
        src={mapEmbedUrl(lat, lng)}
        title={title}
        height={height}
        className="w-full rounded-lg border-0"
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setLoaded(true)}
      style={{ height }}
      className="flex w-full flex-col items-center justify-center gap-2 rounded-lg bg-[radial-gradient(circle_at_30%_30%,#e2e8f0,#cbd5e1)] text-sm font-semibold text-slate-800"
    >
      <MapPinIcon className="h-7 w-7 text-brand-600" />
      Ver mapa: {title}
    </button>
  );
}
