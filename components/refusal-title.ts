import type { Refusal } from "@/components/pay-for-clip";

/**
 * A refusal's headline names what was refused. The content policy answers one code for prompts
 * and pictures alike; an image product's picture refusals name their field ("image: …").
 */
export function refusalTitle(refusal: Refusal, source: "upload" | "quote"): string {
  if (refusal.code !== "content_policy") return refusal.title;
  const image = source === "upload" || /^(image|last_image)\b/.test(refusal.detail);
  return image ? "Image refused by the content policy" : "Prompt refused by the content policy";
}
