// The counter's camera: reads a price card's QR code or a barcode. Loaded only when the clerk taps
// "Escanear" (React.lazy in ./product-finder.tsx), and its fallback decoders only on a browser
// without BarcodeDetector (or whose BarcodeDetector lacks those formats): jsQR for QR codes and the
// counter's own EAN-13 / Code 128 reader (~/lib/counter/barcode-reader) for the boxes' barcodes.
import { useEffect, useRef, useState } from "react";

type Detector = (frame: HTMLCanvasElement) => Promise<string | null>;

type BarcodeDetectorLike = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

const WANTED_FORMATS = ["qr_code", "ean_13", "ean_8", "upc_a", "upc_e", "code_128", "code_39", "itf"];
const FRAME_INTERVAL_MS = 200;
const FRAME_MAX_WIDTH = 640;

/** The formats the fallback reads: what a native detector must have for the fallback to stay unloaded. */
const FALLBACK_FORMATS = ["qr_code", "ean_13", "code_128"];

async function makeDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  let native: Detector | null = null;
  let formats: string[] = [];
  if (Native) {
    const supported = (await Native.getSupportedFormats?.().catch(() => [])) ?? WANTED_FORMATS;
    formats = WANTED_FORMATS.filter((format) => supported.includes(format));
    if (formats.length > 0) {
      const detector = new Native({ formats });
      native = async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
    }
  }
  if (native && FALLBACK_FORMATS.every((format) => formats.includes(format))) return native;
  const [{ default: jsQR }, { readBarcode }] = await Promise.all([import("jsqr"), import("~/lib/counter/barcode-reader")]);
  return async (frame) => {
    const found = await native?.(frame);
    if (found) return found;
    const context = frame.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    const image = context.getImageData(0, 0, frame.width, frame.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? readBarcode(image);
  };
}

export default function CodeScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState("");
  const [typed, setTyped] = useState("");
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement("canvas");

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        setProblem("Não foi possível abrir a câmera. Permita o acesso à câmera ou digite o código.");
        return;
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      const element = video.current!;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const detect = await makeDetector();
      const tick = async () => {
        if (stopped) return;
        if (element.videoWidth > 0) {
          const scale = Math.min(1, FRAME_MAX_WIDTH / element.videoWidth);
          canvas.width = Math.round(element.videoWidth * scale);
          canvas.height = Math.round(element.videoHeight * scale);
          canvas.getContext("2d", { willReadFrequently: true })?.drawImage(element, 0, 0, canvas.width, canvas.height);
          const code = await detect(canvas).catch(() => null);
          if (code && !stopped) {
            stopped = true;
            found.current(code);
            return;
          }
        }
        timer = setTimeout(tick, FRAME_INTERVAL_MS);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="space-y-2 rounded-lg border border-slate-300 bg-black/90 p-2 text-white">
      <video ref={video} muted playsInline aria-label="Câmera: aponte para o QR code da etiqueta ou o código de barras" className="aspect-[4/3] w-full rounded bg-black object-cover" />
      {problem ? <p className="text-sm font-medium text-amber-300">{problem}</p> : null}
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) onCode(typed.trim());
        }}
      >
        <label className="min-w-0 flex-1">
          <span className="sr-only">Código de barras ou SKU</span>
          <input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Ou digite o código"
            inputMode="text"
            className="w-full rounded-lg px-3 py-2 text-base text-slate-900"
          />
        </label>
        <button type="submit" className="rounded-lg bg-white px-3 py-2 font-semibold text-slate-900">
          OK
        </button>
        <button type="button" onClick={onClose} className="rounded-lg border border-white/40 px-3 py-2 font-semibold">
          Fechar
        </button>
      </form>
    </div>
  );
}
