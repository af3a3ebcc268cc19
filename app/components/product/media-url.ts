import { createContext, useContext } from "react";
import { DEFAULT_MEDIA_URL } from "~/lib/images";

/** The base of image URLs (MEDIA_URL, or /media), provided once by the document (root.tsx). */
export const MediaUrlContext = createContext(DEFAULT_MEDIA_URL);

export function useMediaUrl(): string {
  return useContext(MediaUrlContext);
}
