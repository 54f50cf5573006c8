"use client";

import { useEffect, useRef, useState } from "react";
import { formatUnits } from "viem";
import { useAccount, useWalletClient } from "wagmi";
import {
  CAMERA_FIXED_NOTE,
  type AnyProduct,
  formatUsd,
  IMAGE_PRODUCTS,
  PRODUCTS,
  quote,
  RATIOS,
  type Resolution,
} from "@/lib/catalog/browser";
import type { StudioConfig } from "@/lib/http/browser";
import {
  isUserRejection,
  type Quote,
  type Refusal,
  requestQuote,
  signPayment,
  submitPaid,
  uploadImage,
} from "@/components/pay-for-clip";
import { ImagePicker, type PickedImage } from "@/components/image-picker";
import type { StoredJob } from "@/components/job-store";
import { useUsdcBalance } from "@/components/wallet-panel";
import { DEFAULT_SETTINGS, loadSettings, saveSettings } from "@/components/form-memory";
import { refusalTitle } from "@/components/refusal-title";
import { WalletTimeout, withWalletTimeout } from "@/components/wallet-timeout";

type Body = Record<string, unknown>;
type Stage =
  | { kind: "idle" }
  | { kind: "busy"; label: string }
  /** A quote holds only for the request it was made for: `key` names that request. */
  | { kind: "confirm"; quote: Quote; body: Body; key: string }
  | { kind: "withdrawn"; amountAtomic: bigint }
  | { kind: "error"; message: string; title?: string; refusal?: Refusal; retry?: () => void };

/** Which picture a request carries: a new pick (even of the same file) is a new request. */
const pictureKey = (picked: PickedImage | null) => picked?.url ?? null;

export function ComposeForm({
  config,
  onJob,
}: {
  config: StudioConfig;
  onJob: (job: StoredJob) => void;
}) {
  const [kind, setKind] = useState<"text" | "image">(DEFAULT_SETTINGS.kind);
  const products: readonly AnyProduct[] = kind === "text" ? PRODUCTS : IMAGE_PRODUCTS;
  const [textSku, setTextSku] = useState(DEFAULT_SETTINGS.textSku);
  const [imageSku, setImageSku] = useState(DEFAULT_SETTINGS.imageSku);
  const sku = kind === "text" ? textSku : imageSku;
  const setSku = kind === "text" ? setTextSku : setImageSku;
  const product = (products.find((p) => p.sku === sku) ?? products[0]) as AnyProduct;
  const [image, setImage] = useState<PickedImage | null>(null);
  const [lastImage, setLastImage] = useState<PickedImage | null>(null);
  // Upload ids by file, so a second quote of the same picture does not upload it again.
  const uploaded = useRef(new Map<File, string>());
  const [prompt, setPrompt] = useState(DEFAULT_SETTINGS.prompt);
  const [ratio, setRatio] = useState<string>(DEFAULT_SETTINGS.ratio);
  const [duration, setDuration] = useState(DEFAULT_SETTINGS.duration);
  const [resolution, setResolution] = useState<Resolution>(DEFAULT_SETTINGS.resolution);
  const [seed, setSeed] = useState(DEFAULT_SETTINGS.seed);
  const [audio, setAudio] = useState(DEFAULT_SETTINGS.audio);
  const [cameraFixed, setCameraFixed] = useState(DEFAULT_SETTINGS.cameraFixed);
  // Settings come back after hydration (the server has no localStorage), then follow every change.
  const [restored, setRestored] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [countdown, setCountdown] = useState(0);
  const { address, chainId } = useAccount();
  const { data: wallet } = useWalletClient();
  const balance = useUsdcBalance(config);
  const errorBox = useRef<HTMLDivElement>(null);
  // A double click must not ask the wallet twice: the first click holds this until it is done.
  const paying = useRef(false);

  useEffect(() => {
    const kept = loadSettings();
    setKind(kept.kind);
    setTextSku(kept.textSku);
    setImageSku(kept.imageSku);
    setPrompt(kept.prompt);
    setRatio(kept.ratio);
    setDuration(kept.duration);
    setResolution(kept.resolution);
    setSeed(kept.seed);
    setAudio(kept.audio);
    setCameraFixed(kept.cameraFixed);
    setRestored(true);
  }, []);
  useEffect(() => {
    if (!restored) return;
    saveSettings({
      kind,
      textSku,
      imageSku,
      prompt,
      ratio,
      duration,
      resolution,
      seed,
      audio,
      cameraFixed,
    });
  }, [
    restored,
    kind,
    textSku,
    imageSku,
    prompt,
    ratio,
    duration,
    resolution,
    seed,
    audio,
    cameraFixed,
  ]);
  useEffect(() => {
    if (product.mode !== "fixed" && !product.resolutions.includes(resolution))
      setResolution("720p");
  }, [product, resolution]);
  // A refusal shows where the person is looking: the form may be taller than the screen.
  useEffect(() => {
    if (stage.kind !== "error") return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    errorBox.current?.scrollIntoView({ block: "nearest", behavior: reduced ? "auto" : "smooth" });
  }, [stage]);
  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  const chooseKind = (next: "text" | "image") => {
    setKind(next);
    setRatio(next === "text" ? "16:9" : "adaptive");
  };

  const params = () => ({
    duration,
    resolution,
    ratio,
    generate_audio: audio,
    camera_fixed: cameraFixed,
    ...(seed.trim() ? { seed: Number(seed) } : {}),
  });

  /** The body to quote and pay; for an image product the pictures are uploaded first (once each). */
  async function buildBody(): Promise<Body | Refusal> {
    if (product.mode === "fixed") return { prompt, ratio };
    if (product.mode === "custom") return { prompt, ...params() };
    const ids: string[] = [];
    for (const picked of [image, lastImage]) {
      if (!picked) continue;
      let id = uploaded.current.get(picked.file);
      if (!id) {
        const result = await uploadImage(picked.file);
        if (typeof result !== "string") return result;
        id = result;
        uploaded.current.set(picked.file, id);
      }
      ids.push(id);
    }
    return {
      image: ids[0],
      ...(lastImage ? { last_image: ids[1] } : {}),
      ...(prompt.trim() ? { prompt } : {}),
      ...params(),
    };
  }
  const livePrice = formatUsd(
    quote(product, { durationSeconds: duration, resolution, generateAudio: audio }),
  );
  const chars = [...prompt].length;
  /** Everything that decides the body and so the price: the quote is for this and nothing else. */
  const requestKey = JSON.stringify(
    product.mode === "fixed"
      ? [product.sku, prompt, ratio]
      : [
          product.sku,
          prompt,
          ratio,
          duration,
          resolution,
          seed.trim(),
          audio,
          cameraFixed,
          ...(product.mode === "image" ? [pictureKey(image), pictureKey(lastImage)] : []),
        ],
  );
  const liveQuote = stage.kind === "confirm" && stage.key === requestKey ? stage : null;
  // Any change to the clip withdraws its quote at once, and says so: it can no longer be paid.
  useEffect(() => {
    if (stage.kind === "confirm" && stage.key !== requestKey)
      setStage({ kind: "withdrawn", amountAtomic: stage.quote.amountAtomic });
  }, [stage, requestKey]);

  const fail = (refusal: Refusal, source: "upload" | "quote" = "quote") => {
    if (refusal.retryAfterSeconds && refusal.status === 429)
      setCountdown(refusal.retryAfterSeconds);
    setStage({
      kind: "error",
      message: refusal.detail,
      title: refusalTitle(refusal, source),
      refusal,
    });
  };

  async function getQuote(e: React.FormEvent) {
    e.preventDefault();
    const offline = () =>
      setStage({
        kind: "error",
        message: "Could not reach the service. Check your connection and try again.",
      });
    if (product.mode === "image" && !image)
      return setStage({ kind: "error", message: "Choose an image to animate first." });
    setStage({
      kind: "busy",
      label:
        product.mode === "image"
          ? "Uploading and checking your image, then getting the exact price…"
          : "Checking your prompt and getting the exact price…",
    });
    const key = requestKey;
    const body = await buildBody().catch(() => null);
    if (!body) return offline();
    if (body.kind === "refused") return fail(body as Refusal, "upload");
    const result = await requestQuote(product.path, body).catch((err: unknown) => ({
      kind: "network" as const,
      err,
    }));
    if (result.kind === "network") return offline();
    if (result.kind === "refused") return fail(result);
    setStage({ kind: "confirm", quote: result, body, key });
  }

  async function pay(q: Quote, body: Body, key: string) {
    if (paying.current) return;
    paying.current = true;
    try {
      await payOnce(q, body, key);
    } finally {
      paying.current = false;
    }
  }

  async function payOnce(q: Quote, body: Body, key: string) {
    if (key !== requestKey) return setStage({ kind: "withdrawn", amountAtomic: q.amountAtomic });
    if (!wallet || !address) return setStage({ kind: "error", message: "Connect a wallet first." });
    if (chainId !== config.chainId)
      return setStage({
        kind: "error",
        message: `Switch your wallet to ${config.chainName} first.`,
      });
    if (balance.data !== undefined && balance.data < q.amountAtomic) {
      return setStage({
        kind: "error",
        message: `Insufficient balance: this clip costs ${formatUnits(q.amountAtomic, 6)} USDC and the wallet holds ${formatUnits(balance.data, 6)}.`,
      });
    }
    const idempotencyKey = crypto.randomUUID();
    let signature: string;
    try {
      setStage({
        kind: "busy",
        label: `Approve the payment of ${formatUnits(q.amountAtomic, 6)} USDC in your wallet…`,
      });
      signature = await withWalletTimeout(signPayment(wallet, q, config.network));
    } catch (err) {
      return setStage({
        kind: "error",
        title: "Not paid",
        message: isUserRejection(err)
          ? "Signature rejected in the wallet. Nothing was charged."
          : err instanceof WalletTimeout
            ? err.message
            : `The wallet could not sign: ${String((err as Error).message ?? err).split("\n")[0]}. Nothing was charged.`,
      });
    }
    const send = async (): Promise<void> => {
      setStage({ kind: "busy", label: "Settling the payment…" });
      // A retry reuses the same key and signature, so it can never pay twice.
      const result = await submitPaid(product.path, body, signature, idempotencyKey).catch(
        () => null,
      );
      if (!result)
        return setStage({
          kind: "error",
          message: "The connection dropped while paying. Retrying is safe: it cannot charge twice.",
          retry: () => void send(),
        });
      if (result.kind === "refused") return fail(result);
      // The card is made from the request that was paid, never from the form as it is now.
      const paidPrompt = typeof body.prompt === "string" ? body.prompt : "";
      const caption =
        product.mode === "image"
          ? `Animated ${image?.file.name ?? "image"}${lastImage ? ` → ${lastImage.file.name}` : ""}${paidPrompt.trim() ? `: ${paidPrompt}` : ""}`
          : paidPrompt;
      onJob({
        id: result.jobId,
        sku: product.sku,
        priceUsd: formatUnits(q.amountAtomic, 6),
        transaction: result.transaction,
        createdAt: new Date().toISOString(),
        prompt: caption,
        title: product.title,
        durationSeconds: product.mode === "fixed" ? product.durationSeconds : Number(body.duration),
        resolution: product.mode === "fixed" ? product.resolution : String(body.resolution),
        payer: address,
        request: result.sent,
      });
      setStage({ kind: "idle" });
    };
    await send();
  }

  const busy = stage.kind === "busy";
  // Why "Get exact price" is disabled, said next to it rather than left to guesswork.
  const blocked =
    countdown > 0
      ? "Too many requests: wait for the countdown."
      : product.mode === "image" && !image
        ? "Choose an image to animate to get a price."
        : product.mode !== "image" && chars === 0
          ? "Write a prompt to get a price."
          : chars > 2000
            ? "The prompt is over 2,000 characters: shorten it to get a price."
            : null;
  return (
    <form className="card compose" onSubmit={getQuote} aria-label="Compose a clip">
      <fieldset className="modes" disabled={busy} aria-label="What to make">
        {(
          [
            ["text", "Write a prompt"],
            ["image", "Animate an image"],
          ] as const
        ).map(([value, title]) => (
          <label key={value} className={kind === value ? "selected" : ""}>
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => chooseKind(value)}
            />
            {title}
          </label>
        ))}
      </fieldset>
      <fieldset className="products" disabled={busy}>
        <legend>Product</legend>
        {products.map((p) => (
          <label key={p.sku} className={`product ${p.sku === sku ? "selected" : ""}`}>
            <input
              type="radio"
              name="sku"
              value={p.sku}
              checked={p.sku === sku}
              onChange={() => setSku(p.sku)}
            />
            <span className="product-title">{p.title}</span>
            <span className="muted small">
              {p.mode === "fixed"
                ? `${formatUsd(p.priceAtomic)} USDC`
                : `from ${formatUsd(quote(p, { durationSeconds: 4, resolution: "480p", generateAudio: false }))} USDC`}
            </span>
          </label>
        ))}
      </fieldset>
      {product.mode === "image" && (
        <>
          <ImagePicker
            label="Image"
            name="image"
            limits={config.images}
            value={image}
            onChange={setImage}
            disabled={busy}
          />
          <ImagePicker
            label="Last frame (optional)"
            name="last_image"
            limits={config.images}
            value={lastImage}
            onChange={setLastImage}
            disabled={busy}
          />
        </>
      )}
      <label className="field">
        <span>{product.mode === "image" ? "Prompt (optional): how it moves" : "Prompt"}</span>
        <textarea
          name="prompt"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          rows={4}
          required={product.mode !== "image"}
          maxLength={4000}
          placeholder="For example: a red fox trotting through fresh snow at dawn, cinematic"
          disabled={busy}
        />
        <span
          className={`small ${chars > 2000 ? "error" : "muted"}`}
          aria-live="polite"
          data-testid="char-count"
        >
          {chars} / 2000
        </span>
      </label>
      <div className="grid">
        <label className="field">
          <span>Ratio</span>
          <select value={ratio} onChange={(e) => setRatio(e.target.value)} disabled={busy}>
            {RATIOS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        {product.mode !== "fixed" && (
          <>
            <label className="field">
              <span>Duration: {duration}s</span>
              <input
                type="range"
                name="duration"
                min={4}
                max={15}
                value={duration}
                onChange={(e) => setDuration(Number(e.target.value))}
                disabled={busy}
              />
            </label>
            <label className="field">
              <span>Resolution</span>
              <select
                name="resolution"
                value={resolution}
                onChange={(e) => setResolution(e.target.value as Resolution)}
                disabled={busy}
              >
                {product.resolutions.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Seed (optional)</span>
              <input
                inputMode="numeric"
                pattern="-?[0-9]*"
                value={seed}
                onChange={(e) => setSeed(e.target.value)}
                placeholder="random"
                disabled={busy}
              />
            </label>
            <label className="check">
              <input
                type="checkbox"
                name="generate_audio"
                checked={audio}
                onChange={(e) => setAudio(e.target.checked)}
                disabled={busy}
              />{" "}
              Audio (×1.25)
            </label>
            <label className="check" title={CAMERA_FIXED_NOTE}>
              <input
                type="checkbox"
                checked={cameraFixed}
                onChange={(e) => setCameraFixed(e.target.checked)}
                disabled={busy}
              />{" "}
              Fixed camera
            </label>
          </>
        )}
      </div>
      <div className="row price-row">
        <span className="price-block">
          <span className="price-label muted small">
            {liveQuote ? "Exact quote" : "Estimate from the price book"}
          </span>
          <span className="price" data-testid="live-price">
            {liveQuote ? formatUnits(liveQuote.quote.amountAtomic, 6) : livePrice} USDC
          </span>
        </span>
        <button
          type="submit"
          className="button primary"
          disabled={busy || blocked !== null}
          aria-describedby={blocked ? "price-hint" : undefined}
        >
          {countdown > 0 ? `Try again in ${countdown}s` : "Get exact price"}
        </button>
        {blocked && (
          <p id="price-hint" className="hint muted small" data-testid="price-hint">
            {blocked}
          </p>
        )}
      </div>
      {stage.kind === "busy" && (
        <p className="muted" role="status">
          {stage.label}
        </p>
      )}
      {stage.kind === "withdrawn" && (
        <p className="notice small" role="status" data-testid="quote-withdrawn">
          You changed the clip, so the quote of {formatUnits(stage.amountAtomic, 6)} USDC was
          withdrawn: it paid for the old settings. Get the exact price of this clip to pay for it.
        </p>
      )}
      {liveQuote && (
        <div className="confirm" role="dialog" aria-label="Confirm payment">
          <p>
            Exact price for this clip:{" "}
            <strong data-testid="quoted-price">
              {formatUnits(liveQuote.quote.amountAtomic, 6)} USDC
            </strong>{" "}
            on {config.chainName}. You sign once; nothing is charged if generation is refused.
            Changing anything above withdraws this quote.
          </p>
          <div className="row">
            <button
              type="button"
              className="button primary"
              onClick={() => void pay(liveQuote.quote, liveQuote.body, liveQuote.key)}
              disabled={!address}
              data-testid="pay-button"
            >
              {address
                ? `Pay ${formatUnits(liveQuote.quote.amountAtomic, 6)} USDC and generate`
                : "Connect a wallet to pay"}
            </button>
            <button type="button" className="button" onClick={() => setStage({ kind: "idle" })}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {stage.kind === "error" && (
        <div className="error-box" role="alert" data-testid="form-error" ref={errorBox}>
          <strong>{stage.title ?? stage.refusal?.title ?? "Something went wrong"}</strong>
          <p>{stage.message}</p>
          {stage.refusal?.category && (
            <p className="small">Policy: {stage.refusal.category.replace("_", " ")}</p>
          )}
          {stage.refusal?.status === 503 && (
            <p className="small">The queue is full right now. Nothing was charged.</p>
          )}
          {stage.retry && (
            <button type="button" className="button" onClick={stage.retry}>
              Retry safely
            </button>
          )}
        </div>
      )}
    </form>
  );
}
