"use client";

import { IMAGE_PRODUCTS, PRODUCTS, RATIOS, type Resolution } from "@/lib/catalog/browser";

/** The compose form's last settings, so a reload or the next visit starts where the person left. */
export type FormSettings = {
  kind: "text" | "image";
  textSku: string;
  imageSku: string;
  prompt: string;
  ratio: string;
  duration: number;
  resolution: Resolution;
  seed: string;
  audio: boolean;
  cameraFixed: boolean;
};

const KEY = "reel402.form";

/** The cheapest product of a list: a first choice should never be the pricier one by accident. */
function cheapest(list: readonly { sku: string; title: string }[]): string {
  return list.find((p) => p.title.startsWith("alpha-fast"))?.sku ?? list[0]?.sku ?? "";
}

export const DEFAULT_SETTINGS: FormSettings = {
  kind: "text",
  textSku: PRODUCTS[0]?.sku ?? "",
  imageSku: cheapest(IMAGE_PRODUCTS),
  prompt: "",
  ratio: "16:9",
  duration: 5,
  resolution: "720p",
  seed: "",
  audio: false,
  cameraFixed: false,
};

/** What was kept, checked field by field: a stale or edited entry falls back to the defaults. */
export function loadSettings(): FormSettings {
  let raw: Partial<FormSettings>;
  try {
    raw = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<FormSettings>;
  } catch {
    return DEFAULT_SETTINGS;
  }
  const d = DEFAULT_SETTINGS;
  const pick = <T>(ok: boolean, value: T | undefined, fallback: T): T =>
    ok && value !== undefined ? value : fallback;
  return {
    kind: pick(raw.kind === "text" || raw.kind === "image", raw.kind, d.kind),
    textSku: pick(
      PRODUCTS.some((p) => p.sku === raw.textSku),
      raw.textSku,
      d.textSku,
    ),
    imageSku: pick(
      IMAGE_PRODUCTS.some((p) => p.sku === raw.imageSku),
      raw.imageSku,
      d.imageSku,
    ),
    prompt: pick(typeof raw.prompt === "string" && raw.prompt.length <= 4000, raw.prompt, d.prompt),
    ratio: pick((RATIOS as readonly unknown[]).includes(raw.ratio), raw.ratio, d.ratio),
    duration: pick(
      Number.isInteger(raw.duration) && Number(raw.duration) >= 4 && Number(raw.duration) <= 15,
      raw.duration,
      d.duration,
    ),
    resolution: pick(
      raw.resolution === "480p" || raw.resolution === "720p" || raw.resolution === "1080p",
      raw.resolution,
      d.resolution,
    ),
    seed: pick(typeof raw.seed === "string" && /^-?\d{0,10}$/.test(raw.seed), raw.seed, d.seed),
    audio: pick(typeof raw.audio === "boolean", raw.audio, d.audio),
    cameraFixed: pick(typeof raw.cameraFixed === "boolean", raw.cameraFixed, d.cameraFixed),
  };
}

export function saveSettings(settings: FormSettings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the form still works, it just starts fresh next time.
  }
}
