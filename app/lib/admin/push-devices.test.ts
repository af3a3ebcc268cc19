import { describe, expect, it } from "vitest";
import { deviceLabel, pushSubscriptionSchema } from "./push-devices";

describe("deviceLabel", () => {
  it("names the system and the browser", () => {
    expect(deviceLabel("Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")).toBe("Android · Chrome");
    expect(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toBe("iPhone · Safari");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toBe("Windows · Edge");
    expect(deviceLabel(null)).toBe("Navegador desconhecido");
  });
});

describe("pushSubscriptionSchema", () => {
  const valid = { endpoint: "https://fcm.googleapis.com/fcm/send/abc", p256dh: "B".repeat(87), auth: "a".repeat(22) };
  it("takes a browser's subscription and refuses anything else in pt-BR", () => {
    expect(pushSubscriptionSchema.safeParse(valid).success).toBe(true);
    for (const bad of [{ endpoint: "http://127.0.0.1:9/push" }, { endpoint: "javascript:alert(1)" }, { p256dh: "curta" }, { auth: "a".repeat(21) }]) {
      const parsed = pushSubscriptionSchema.safeParse({ ...valid, ...bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/inválid/);
    }
  });
});
