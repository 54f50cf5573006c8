import type { ImageScreening } from "@/lib/media";

type Refusal = Extract<ImageScreening, { allowed: false }>;
export type OutputCategory = Refusal["category"];

/** What a delivered video's frames say about releasing it. */
export type OutputJudgement = { release: true } | { release: false; category: OutputCategory };

/**
 * The policy on a delivered video's frames, one frame's screening at a time.
 *
 * Explicit content (and anything else the image screener refuses) withholds any video. A face
 * withholds only a video made from pictures: those were screened face-free, so a face in the
 * output means the upstream put a person there, the likeness the service never renders. A
 * text-to-video model invents people for prompts the prompt policy allows ("a woman dancing");
 * withholding those would refund most honest jobs, and the prompt screening already stands
 * between a named real person and the model.
 */
export function judgeFrame(frame: ImageScreening, fromImages: boolean): OutputJudgement {
  if (frame.allowed) return { release: true };
  if (frame.category === "likeness" && !fromImages) return { release: true };
  return { release: false, category: frame.category };
}

/** The job's own words for a withheld video: the category only, never scores, frames or times. */
export function withheldMessage(category: OutputCategory): string {
  const what =
    category === "likeness"
      ? "shows a person's face, which a video made from a picture must not"
      : category === "sexual"
        ? "appears to be sexually explicit"
        : "appears to show graphic violence";
  return `The generated video was withheld and the payment is refunded: it ${what}.`;
}
