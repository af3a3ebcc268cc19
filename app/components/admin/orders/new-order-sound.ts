/**
 * A short two-tone chime made with Web Audio (no sound file to download). Browsers only let a page
 * play sound after the person has interacted with it, so it stays silent until then.
 */
export function playNewOrderSound(): void {
  if (typeof window === "undefined" || !("AudioContext" in window)) return;
  if (!navigator.userActivation?.hasBeenActive) return;
  try {
    const context = new AudioContext();
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, context.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.5);
    [880, 1320].forEach((frequency, index) => {
      const tone = context.createOscillator();
      tone.type = "sine";
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + index * 0.15);
      tone.stop(context.currentTime + 0.5);
      if (index === 1) tone.onended = () => void context.close();
    });
  } catch {
    // No audio device or blocked: the badge is enough.
  }
}
